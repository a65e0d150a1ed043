// @agent-chat/widget/solid (types only): `<agent-chat>` in Solid JSX: attributes (`proxy-url="…"`),
// properties (`prop:tools={tools}` or `tools={tools}`), events as `on:agent-chat-message={…}`.
import type { JSX } from 'solid-js';
import type { AgentChatElement } from '../element/agent-chat.component.js';
import type { AgentChatPropertyName } from './agent-chat-api.generated.js';
import type { AgentChatEventHandlers, AgentChatProps } from './agent-chat-props.js';

/** Properties forced with Solid's `prop:` namespace. */
type ExplicitProperties = { [P in AgentChatPropertyName as `prop:${P}`]?: AgentChatElement[P] };

/** The props of `<agent-chat>` in Solid JSX. */
export type AgentChatSolidProps = JSX.HTMLAttributes<AgentChatElement> &
  AgentChatProps &
  ExplicitProperties &
  AgentChatEventHandlers<'on:'>;

declare module 'solid-js' {
  namespace JSX {
    interface IntrinsicElements {
      'agent-chat': AgentChatSolidProps;
    }
  }
}
