// Defines <agent-chat> and gives the page WebMCP's document.modelContext where the browser has none: the
// package's only side effects (listed in package.json "sideEffects").
import { AgentChatElement } from './element/agent-chat.component.js';
import { checkAttributesOnConnect } from './element/attribute-check/attribute-check.js';
import { installWebMcp } from './webmcp/webmcp.js';

export { AgentChatElement };

// This page is also the redirect of MCP sign-ins (`"auth": true` servers): in the sign-in popup it hands
// the result to the page that opened it and closes; after a redirect sign-in it goes back. Loaded only
// on such a redirect, so other pages do not download it.
if (typeof location !== 'undefined' && /[?&](state|error)=/.test(location.search))
  void import('./mcp/mcp-sign-in-callback.js');
// Before the page's own scripts run (they come after this module), so they can register tools at once.
// Not during server-side rendering (no document): importing the widget in Node must not throw.
if (typeof document !== 'undefined') installWebMcp();

// A misspelled attribute (`proxy-ulr`) gets a console warning naming the one meant, in apps that bundle the
// package; the script-tag build (vite.config.ts defines the flag) leaves it out to keep its first chat in budget.
declare const __AGENT_CHAT_SCRIPT_TAG__: boolean | undefined;
if (typeof __AGENT_CHAT_SCRIPT_TAG__ === 'undefined')
  AgentChatElement.addInitializer(checkAttributesOnConnect);

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
