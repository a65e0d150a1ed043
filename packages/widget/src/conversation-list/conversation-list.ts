// Loaded with import() by conversations-controller.ts the first time the list is opened: the panel and
// what its buttons do stay off the first-chat path.
import type { ConversationSummary } from '@agent-chat/core';
import type { TemplateResult } from 'lit';
import { type ConversationActions, renderConversations } from '../conversations-view.js';
import type { AgentChatStrings } from '../strings.js';
import type { ConversationListDeps } from './conversation-list-deps.js';
import { downloadConversation } from './download-conversation.js';

/** The list panel: open, rename, delete or export each stored conversation, or start a new one. */
export function renderConversationList(
  items: readonly ConversationSummary[],
  renamingId: string | undefined,
  strings: AgentChatStrings,
  deps: ConversationListDeps,
): TemplateResult {
  return renderConversations(items, deps.currentId(), renamingId, strings, listActions(deps));
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
        if (id === deps.currentId()) await deps.openEmpty();
        await deps.refresh();
      }),
    exportOne: (id) => void downloadConversation(store, id).catch(deps.fail),
    exportRunLog: deps.exportRunLog,
    close: () => deps.patch({ open: false }),
  };
}
