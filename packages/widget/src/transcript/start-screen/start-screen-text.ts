import type { AgentChatStrings } from '../../i18n/strings.js';

/** The start screen's own texts (in its chunk, so pages without one do not download them). */
export type StartScreenText = Required<Pick<AgentChatStrings, 'starterPrompts'>>;

const TEXTS: Record<string, StartScreenText> = {
  en: { starterPrompts: 'Suggestions' },
  fr: { starterPrompts: 'Suggestions' },
  de: { starterPrompts: 'Vorschläge' },
};

/** The texts for `lang` (primary subtag; English otherwise), with the page's `strings` overrides on top. */
export function startScreenText(
  lang: string | undefined,
  strings: Partial<AgentChatStrings>,
): StartScreenText {
  const base = TEXTS[(lang ?? '').toLowerCase().split('-')[0] ?? ''] ?? TEXTS.en!;
  return { starterPrompts: strings.starterPrompts ?? base.starterPrompts };
}
