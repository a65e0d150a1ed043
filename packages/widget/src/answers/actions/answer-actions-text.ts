import type { AgentChatStrings } from '../../i18n/strings.js';

type Key =
  | 'copy'
  | 'copyCode'
  | 'copied'
  | 'copyFailed'
  | 'goodAnswer'
  | 'badAnswer'
  | 'feedbackComment'
  | 'sendFeedback'
  | 'feedbackThanks'
  | 'editMessage'
  | 'saveEdit'
  | 'branches'
  | 'previousBranch'
  | 'nextBranch';

/** The texts of copy and feedback (in their chunk, so the first answer does not wait for them). */
export type AnswerActionsText = Record<Key, string>;

const TEXTS: Record<string, AnswerActionsText> = {
  en: {
    copy: 'Copy',
    copyCode: 'Copy code',
    copied: 'Copied',
    copyFailed: 'Couldn’t copy',
    goodAnswer: 'Good answer',
    badAnswer: 'Bad answer',
    feedbackComment: 'What went wrong? (optional)',
    sendFeedback: 'Send feedback',
    feedbackThanks: 'Thanks for your feedback',
    editMessage: 'Edit',
    saveEdit: 'Send',
    branches: 'Versions of this message',
    previousBranch: 'Previous version',
    nextBranch: 'Next version',
  },
  fr: {
    copy: 'Copier',
    copyCode: 'Copier le code',
    copied: 'Copié',
    copyFailed: 'Impossible de copier',
    goodAnswer: 'Bonne réponse',
    badAnswer: 'Mauvaise réponse',
    feedbackComment: 'Qu’est-ce qui n’allait pas ? (facultatif)',
    sendFeedback: 'Envoyer l’avis',
    feedbackThanks: 'Merci pour votre avis',
    editMessage: 'Modifier',
    saveEdit: 'Envoyer',
    branches: 'Versions de ce message',
    previousBranch: 'Version précédente',
    nextBranch: 'Version suivante',
  },
  de: {
    copy: 'Kopieren',
    copyCode: 'Code kopieren',
    copied: 'Kopiert',
    copyFailed: 'Kopieren nicht möglich',
    goodAnswer: 'Gute Antwort',
    badAnswer: 'Schlechte Antwort',
    feedbackComment: 'Was war falsch? (optional)',
    sendFeedback: 'Feedback senden',
    feedbackThanks: 'Danke für Ihr Feedback',
    editMessage: 'Bearbeiten',
    saveEdit: 'Senden',
    branches: 'Versionen dieser Nachricht',
    previousBranch: 'Vorherige Version',
    nextBranch: 'Nächste Version',
  },
};

/** The texts for `lang` (primary subtag; English otherwise), with the page's `strings` overrides on top. */
export function answerActionsText(
  lang: string | undefined,
  strings: Partial<AgentChatStrings> | undefined,
): AnswerActionsText {
  const base = TEXTS[(lang ?? '').toLowerCase().split('-')[0] ?? ''] ?? TEXTS.en!;
  const out = { ...base };
  for (const key of Object.keys(base) as Key[]) {
    const given = strings?.[key];
    if (given) out[key] = given;
  }
  return out;
}
