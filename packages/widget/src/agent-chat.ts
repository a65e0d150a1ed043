// Defines <agent-chat>: the package's only side effect (listed in package.json "sideEffects").
import { AgentChatElement } from './agent-chat.component.js';

export { AgentChatElement };

const existing = customElements.get('agent-chat');
if (!existing) customElements.define('agent-chat', AgentChatElement);
else if (existing !== AgentChatElement)
  // Two copies of the widget on one page (e.g. script tag + bundle): the first one wins.
  console.warn(
    '<agent-chat> is already defined by another copy of @agent-chat/widget; this copy is not used.',
  );

declare global {
  interface HTMLElementTagNameMap {
    'agent-chat': AgentChatElement;
  }
}
