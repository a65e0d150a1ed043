import { type AgentChatStrings, EN } from './strings-en.js';

export { type AgentChatStrings, EN } from './strings-en.js';

const PACKS: Record<string, () => Promise<Partial<AgentChatStrings>>> = {
  fr: () => import('./strings-fr.js').then((m) => m.FR),
  de: () => import('./strings-de.js').then((m) => m.DE),
};
const loaded: Record<string, Partial<AgentChatStrings>> = {};
const loading: Record<string, Promise<void>> = {};

const primaryOf = (lang: string | undefined): string => lang?.toLowerCase().split('-')[0] ?? '';

/**
 * While the built-in translation for `lang` is still loading, the promise of its load; `undefined` once it
 * is there (and for English or a language without one), so the render path awaits nothing then. The
 * element waits for it before rendering, so a French page never shows English first.
 */
export function stringsReady(lang: string | undefined): Promise<void> | undefined {
  const primary = primaryOf(lang);
  const load = PACKS[primary];
  if (!load || loaded[primary]) return undefined;
  loading[primary] ??= load().then(
    (pack) => {
      loaded[primary] = pack;
    },
    (error) => {
      delete loading[primary];
      console.error(`<agent-chat>: could not load the "${primary}" texts; showing English`, error);
    },
  );
  return loading[primary];
}

/** The strings for `lang` (its primary subtag), with the page's `overrides` on top. */
export function resolveStrings(
  lang: string | undefined,
  overrides: Partial<AgentChatStrings> | undefined,
): AgentChatStrings {
  return { ...EN, ...loaded[primaryOf(lang)], ...overrides };
}

/** Fills `{key}` placeholders: `format('Using {name}', { name: 'search' })`. */
export function format(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (match, key: string) =>
    key in values ? String(values[key]) : match,
  );
}
