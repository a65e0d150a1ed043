import type { AgentChatStrings } from '../../i18n/strings.js';

type Key = 'searchConversations' | 'noConversationFound';

/** The conversation list's search texts (in the list's chunk). */
export type SearchText = Record<Key, string>;

const TEXTS: Record<string, SearchText> = {
  en: { searchConversations: 'Search conversations', noConversationFound: 'No conversation found.' },
  fr: {
    searchConversations: 'Rechercher dans les conversations',
    noConversationFound: 'Aucune conversation trouvée.',
  },
  de: {
    searchConversations: 'Unterhaltungen durchsuchen',
    noConversationFound: 'Keine Unterhaltung gefunden.',
  },
};

/** The texts for `lang` (primary subtag; English otherwise), with the page's `strings` overrides on top. */
export function searchText(lang: string | undefined, strings: Partial<AgentChatStrings>): SearchText {
  const base = TEXTS[(lang ?? '').toLowerCase().split('-')[0] ?? ''] ?? TEXTS.en!;
  return {
    searchConversations: strings.searchConversations ?? base.searchConversations,
    noConversationFound: strings.noConversationFound ?? base.noConversationFound,
  };
}
