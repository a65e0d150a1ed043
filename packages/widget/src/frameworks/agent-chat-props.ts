// The props of <agent-chat> in a framework's markup, computed from the generated tables (attributes,
// properties, events from custom-elements.json) and the element's own types, so no framework typing lists an
// attribute by hand. Types only.
import type { AgentChatElement } from '../element/agent-chat.component.js';
import type { AgentChatEventMap } from '../shared/events.js';
import type {
  AGENT_CHAT_EVENTS,
  AgentChatAttributeFields,
  AgentChatPropertyName,
} from './agent-chat-api.generated.js';

/**
 * What an attribute takes in markup, from its property's type: a boolean property's attribute is present or
 * absent (`true` / `false` in JSX), one with a fixed set of words (`theme`) takes those words, any other a string
 * (`mcp-servers` takes JSON).
 */
export type AttributeValue<T> = [NonNullable<T>] extends [boolean]
  ? boolean
  : [Extract<T, string>] extends [never]
    ? string
    : string extends Extract<T, string>
      ? string
      : Extract<T, string>;

/** Every attribute by its HTML name (`proxy-url`), typed from its property. */
export type AgentChatAttributeProps = {
  [A in keyof AgentChatAttributeFields]?: AttributeValue<AgentChatElement[AgentChatAttributeFields[A]]>;
};

/** Every property by its JS name (`proxyUrl`, `tools`, `agent`…). */
export type AgentChatPropertyProps = { [P in AgentChatPropertyName]?: AgentChatElement[P] };

/** The wrapper's event props (`onMessage`, `onRunFinish`…) and the event names they stand for. */
export type AgentChatEventProps = typeof AGENT_CHAT_EVENTS;

/** The events of `<agent-chat>` by name. An event of the manifest missing from `AgentChatEventMap` fails here. */
export type AgentChatEventName = AgentChatEventProps[keyof AgentChatEventProps];

/** The event object of an event: `AgentChatEvent<'agent-chat-message'>` is `CustomEvent<AgentChatMessageDetail>`. */
export type AgentChatEvent<E extends AgentChatEventName> = AgentChatEventMap[E];

/** Handlers as props named `${prefix}${event}`: React 19 and Svelte 5 take `onagent-chat-message`. */
export type AgentChatEventHandlers<Prefix extends string> = {
  [E in AgentChatEventName as `${Prefix}${E}`]?: (event: AgentChatEvent<E>) => void;
};

/** `agent-chat-run-finish` → `AgentChatRunFinish` (Vue's `onAgentChatRunFinish` handler props). */
type Pascal<S extends string> = S extends `${infer Head}-${infer Tail}`
  ? `${Capitalize<Head>}${Pascal<Tail>}`
  : Capitalize<S>;

/** Handlers as Vue names them for `@agent-chat-message`: `onAgentChatMessage`. */
export type AgentChatCamelEventHandlers = {
  [E in AgentChatEventName as `on${Pascal<E>}`]?: (event: AgentChatEvent<E>) => void;
};

/** The element's attributes and properties together, as frameworks that set either from one prop see them. */
export type AgentChatProps = AgentChatAttributeProps & AgentChatPropertyProps;
