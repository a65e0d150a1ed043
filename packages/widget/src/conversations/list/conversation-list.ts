// Loaded with import() by conversations-controller.ts the first time the list is opened: the panel and
// what its buttons do stay off the first-chat path.
import type { ConversationStore, ConversationSummary } from '@agent-chat/core';
import type { TemplateResult } from 'lit';
import type { AgentChatStrings } from '../../i18n/strings.js';
import { type ConversationActions, renderConversations } from '../conversations-view.js';
import { searchStyles } from '../search/search.styles.js';
import { renderSearchBox } from '../search/search-box.js';
import { searchConversations } from '../search/search-conversations.js';
import { searchText } from '../search/search-text.js';
import type { ConversationListDeps } from './conversation-list-deps.js';
import { downloadConversation } from './download-conversation.js';

/** The list panel: open, rename, delete or export each stored conversation, or start a new one. */
export function renderConversationList(
  items: readonly ConversationSummary[],
  renamingId: string | undefined,
  strings: AgentChatStrings,
  deps: ConversationListDeps,
): TemplateResult {
  const root = deps.host.renderRoot as ShadowRoot;
  if (!root.adoptedStyleSheets.includes(searchStyles.styleSheet!))
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, searchStyles.styleSheet!];
  const lang = (deps.host as { lang?: string }).lang;
  const search = renderSearchBox(deps.query(), items.length, searchText(lang, strings), (query) => {
    deps.patch({ query });
    void deps.refresh();
  });
  return renderConversations(items, deps.currentId(), renamingId, strings, listActions(deps), search, lang);
}

/**
 * The entries of the list: every conversation, or those matching `query`; of the branches of one
 * conversation only the one used last (the others are reached with its ‹ › picker).
 */
export async function listItems(store: ConversationStore, query: string): Promise<ConversationSummary[]> {
  const seen = new Set<string>();
  return (await searchConversations(store, query))
    .sort((a, b) => b.updatedAt - a.updatedAt)
    .filter((c) => {
      const family = c.branch?.root ?? c.id;
      if (seen.has(family)) return false;
      seen.add(family);
      return true;
    });
}

/** What the list's buttons do. */
function listActions(deps: ConversationListDeps): ConversationActions {
  const { host, store } = deps;
  return {
    open: deps.open,
    create: deps.create,
    rename: (id) => {
      deps.patch({ renaming: id });
      host.updateComplete.then(() =>
        host.renderRoot.querySelector<HTMLInputElement>('input.rename')?.select(),
      );
    },
    commitRename: (id, title) => {
      if (deps.renaming() !== id) return;
      deps.patch({ renaming: undefined });
      if (title?.trim()) void store.rename(id, title.trim()).then(deps.refresh);
    },
    remove: (id) =>
      void store.delete(id).then(async () => {
        if (host.hasAttribute('proxy-url'))
          void import('../proxy-transcript.js').then((m) => m.deleteTranscript(host, id));
        if (id === deps.currentId()) await deps.openEmpty();
        await deps.refresh();
      }),
    exportOne: (id) => void downloadConversation(store, id).catch(deps.fail),
    exportRunLog: deps.exportRunLog,
    close: () => deps.patch({ open: false }),
  };
}
