import { html, type TemplateResult } from 'lit';
import type { ConversationsController } from '../conversations/conversations-controller.js';
import type { AgentChatStrings } from '../i18n/strings.js';

/** The bar above the log: conversation list toggle, New conversation, and `accounts` (its button, if any). */
export function renderHeader(
  strings: AgentChatStrings,
  conversations: ConversationsController,
  accounts: unknown,
): TemplateResult {
  return html`<div part="header" class="header">
    <button type="button" part="conversations-toggle" aria-expanded=${conversations.listOpen}
      @click=${conversations.toggle}>${strings.conversations}</button>
    <button type="button" part="new-conversation" @click=${conversations.create}>${strings.newConversation}</button>
    ${accounts}
  </div>`;
}
