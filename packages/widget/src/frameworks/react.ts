// @agent-chat/widget/react: <agent-chat> in React. For React 19, typings of `<agent-chat>` in JSX (attributes,
// properties and events in React 19's custom-element form, `ref` typed as AgentChatElement); for React 18,
// which sets no properties on custom elements, the `AgentChat` component made with @lit/react.
import { createComponent, type EventName, type ReactWebComponent } from '@lit/react';
import * as React from 'react';
import { AgentChatElement } from '../element/agent-chat.component.js';
import { AGENT_CHAT_EVENTS } from './agent-chat-api.generated.js';
import type {
  AgentChatAttributeProps,
  AgentChatEvent,
  AgentChatEventHandlers,
  AgentChatEventProps,
  AgentChatPropertyProps,
} from './agent-chat-props.js';

export type {
  AgentChatAttributeProps,
  AgentChatEvent,
  AgentChatEventName,
  AgentChatPropertyProps,
} from './agent-chat-props.js';

/**
 * `<agent-chat>` in React 19 JSX: attributes by their HTML names (`proxy-url="…"`), properties by their JS
 * names (`tools={[…]}`, `agent={agent}`), events as `onagent-chat-message={(event) => …}`.
 */
export type AgentChatJSXProps = React.DetailedHTMLProps<
  React.HTMLAttributes<AgentChatElement>,
  AgentChatElement
> &
  AgentChatAttributeProps &
  AgentChatPropertyProps &
  AgentChatEventHandlers<'on'>;

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'agent-chat': AgentChatJSXProps;
    }
  }
}

/** The wrapper's event props, each typed with its event: `onMessage` gets `CustomEvent<AgentChatMessageDetail>`. */
type TypedEvents = {
  [P in keyof AgentChatEventProps]: EventName<AgentChatEvent<AgentChatEventProps[P]>>;
};

// The element is defined in the browser only: a server render (Next.js, react-dom/server) outputs the
// tag, and the browser upgrades it when this chunk has run. Properties set before that are kept by Lit.
if (typeof window !== 'undefined' && typeof customElements !== 'undefined') void import('../agent-chat.js');
// Lit makes the property accessors when the class is finalized, which reading `observedAttributes` does (and
// `define` would, later): the wrapper tells properties from attributes by them, so they must exist now.
void AgentChatElement.observedAttributes;

/**
 * `<agent-chat>` as a React component (React 18 and 19): props are set as properties (`tools`, `agent`,
 * `proxyUrl`…), events are `onMessage`, `onRunStart`, `onRunFinish`, `onError`… with typed details.
 * @example
 * <AgentChat proxyUrl="https://my-proxy.workers.dev" model="gpt-4o-mini" tools={tools}
 *   onMessage={(event) => console.log(event.detail.text)} />
 */
export const AgentChat: ReactWebComponent<AgentChatElement, TypedEvents> = createComponent({
  react: React,
  tagName: 'agent-chat',
  elementClass: AgentChatElement,
  events: AGENT_CHAT_EVENTS as TypedEvents,
  displayName: 'AgentChat',
});

export { reactToolView, type ToolViewComponentProps } from './react-tool-view.js';
export { AgentChatElement };
