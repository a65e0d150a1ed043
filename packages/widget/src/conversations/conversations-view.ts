import type { ConversationSummary } from '@agent-chat/core';
import { html, nothing, type TemplateResult } from 'lit';
import type { AgentChatStrings } from '../i18n/strings.js';

/** What the conversation list can ask the element to do. */
export interface ConversationActions {
  open(id: string): void;
  /** Shows the title as a text box. */
  rename(id: string): void;
  /** Saves the new title (Enter or leaving the box); Escape cancels with `undefined`. */
  commitRename(id: string, title: string | undefined): void;
  remove(id: string): void;
  exportOne(id: string): void;
  /** Downloads the conversation's run log (model calls, tool calls, decisions) as JSONL. */
  exportRunLog(id: string): void;
  create(): void;
  close(): void;
}

/**
 * The conversation list: open, rename, delete or export each stored conversation, or start a new one;
 * `search` is the search box; each entry's last change shows on hover and focus.
 */
export function renderConversations(
  list: readonly ConversationSummary[],
  currentId: string | undefined,
  renamingId: string | undefined,
  strings: AgentChatStrings,
  actions: ConversationActions,
  search: unknown = nothing,
  lang?: string,
): TemplateResult {
  return html`<nav part="conversations" class="conversations" aria-label=${strings.conversations}>
    <div class="conversations-head">
      <button type="button" part="new-conversation" @click=${actions.create}>${strings.newConversation}</button>
      <button type="button" part="close-conversations" @click=${actions.close}>${strings.close}</button>
    </div>
    ${search}
    <ul>
      ${list.map(
        (
          c,
        ) => html`<li part="conversation" data-id=${c.id} aria-current=${c.id === currentId ? 'true' : nothing}>
          ${
            c.id === renamingId
              ? html`<input class="rename" aria-label=${strings.renamePrompt} .value=${c.title}
                  @keydown=${(e: KeyboardEvent) => onRenameKey(e, c.id, actions)}
                  @blur=${(e: FocusEvent) => actions.commitRename(c.id, (e.target as HTMLInputElement).value)} />`
              : html`<button type="button" class="conversation-title" @click=${() => actions.open(c.id)}>${c.title || strings.untitled}</button>`
          }
          <time part="conversation-time" class="conversation-time" datetime=${new Date(c.updatedAt).toISOString()}
            >${new Date(c.updatedAt).toLocaleString(lang || undefined, { dateStyle: 'medium', timeStyle: 'short' })}</time>
          <span class="conversation-actions">
            <button type="button" aria-label="${strings.rename}: ${c.title}" @click=${() => actions.rename(c.id)}>${strings.rename}</button>
            <button type="button" aria-label="${strings.export}: ${c.title}" @click=${() => actions.exportOne(c.id)}>${strings.export}</button>
            <button type="button" part="export-run-log" aria-label="${strings.exportRunLog}: ${c.title}" @click=${() => actions.exportRunLog(c.id)}>${strings.exportRunLog}</button>
            <button type="button" aria-label="${strings.delete}: ${c.title}" @click=${() => actions.remove(c.id)}>${strings.delete}</button>
          </span>
        </li>`,
      )}
    </ul>
  </nav>`;
}

function onRenameKey(event: KeyboardEvent, id: string, actions: ConversationActions): void {
  if (event.key === 'Enter') {
    event.preventDefault();
    (event.target as HTMLInputElement).blur();
  } else if (event.key === 'Escape') {
    event.preventDefault();
    actions.commitRename(id, undefined);
  }
}
