// @agent-chat/widget/svelte (types only): `<agent-chat>` in Svelte 5 markup, checked by svelte-check:
// attributes (`proxy-url="…"`), properties (`tools={tools}`), events as `onagent-chat-message={…}`.
import type { HTMLAttributes } from 'svelte/elements';
import type { AgentChatElement } from '../element/agent-chat.component.js';
import type { AgentChatEventHandlers, AgentChatProps } from './agent-chat-props.js';

/** The props of `<agent-chat>` in Svelte markup. */
export type AgentChatSvelteProps = HTMLAttributes<AgentChatElement> &
  AgentChatProps &
  AgentChatEventHandlers<'on'>;

declare global {
  namespace svelteHTML {
    interface IntrinsicElements {
      'agent-chat': AgentChatSvelteProps;
    }
  }
}
