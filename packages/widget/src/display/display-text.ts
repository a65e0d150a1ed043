import type { AgentChatStrings } from '../i18n/strings.js';

/** The launcher, panel and voice texts that {@link displayText} fills in. */
export type DisplayText = Required<
  Pick<
    AgentChatStrings,
    | 'openChat'
    | 'closeChat'
    | 'chatTitle'
    | 'resizeChat'
    | 'unread'
    | 'dictate'
    | 'stopDictation'
    | 'micDenied'
    | 'micFailed'
    | 'readAloud'
    | 'stopReading'
    | 'codeSpoken'
    | 'tableSpoken'
  >
>;

const EN: DisplayText = {
  openChat: 'Open chat',
  closeChat: 'Close chat',
  chatTitle: 'Chat',
  resizeChat: 'Resize chat',
  unread: '{count} new',
  dictate: 'Dictate',
  stopDictation: 'Stop dictation',
  micDenied: 'Microphone access was denied: you can still type your message.',
  micFailed: 'Dictation stopped ({reason}): you can still type your message.',
  readAloud: 'Read aloud',
  stopReading: 'Stop reading',
  codeSpoken: 'A code block, shown on screen.',
  tableSpoken: 'A table with {rows} rows, shown on screen.',
};

const FR: DisplayText = {
  openChat: 'Ouvrir le chat',
  closeChat: 'Fermer le chat',
  chatTitle: 'Chat',
  resizeChat: 'Redimensionner le chat',
  unread: '{count} nouveau(x)',
  dictate: 'Dicter',
  stopDictation: 'Arrêter la dictée',
  micDenied: 'Accès au micro refusé : vous pouvez toujours écrire votre message.',
  micFailed: 'Dictée interrompue ({reason}) : vous pouvez toujours écrire votre message.',
  readAloud: 'Lire à voix haute',
  stopReading: 'Arrêter la lecture',
  codeSpoken: 'Un bloc de code, affiché à l’écran.',
  tableSpoken: 'Un tableau de {rows} lignes, affiché à l’écran.',
};

const DE: DisplayText = {
  openChat: 'Chat öffnen',
  closeChat: 'Chat schließen',
  chatTitle: 'Chat',
  resizeChat: 'Chatbreite ändern',
  unread: '{count} neu',
  dictate: 'Diktieren',
  stopDictation: 'Diktat beenden',
  micDenied: 'Mikrofonzugriff verweigert: Sie können Ihre Nachricht weiterhin tippen.',
  micFailed: 'Diktat beendet ({reason}): Sie können Ihre Nachricht weiterhin tippen.',
  readAloud: 'Vorlesen',
  stopReading: 'Vorlesen beenden',
  codeSpoken: 'Ein Codeblock, auf dem Bildschirm angezeigt.',
  tableSpoken: 'Eine Tabelle mit {rows} Zeilen, auf dem Bildschirm angezeigt.',
};

/** The texts for `lang` (primary subtag; English otherwise) with the page's `strings` overrides on top. */
export function displayText(
  lang: string | undefined,
  overrides: Partial<AgentChatStrings> | undefined,
): DisplayText {
  const primary = lang?.toLowerCase().split('-')[0] ?? '';
  const base = primary === 'fr' ? FR : primary === 'de' ? DE : EN;
  const picked: Partial<DisplayText> = {};
  for (const key of Object.keys(EN) as (keyof DisplayText)[]) {
    const value = overrides?.[key];
    if (typeof value === 'string') picked[key] = value;
  }
  return { ...base, ...picked };
}
