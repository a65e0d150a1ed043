// @agent-chat/widget/vue (types only): `<agent-chat>` in Vue 3 templates, checked by vue-tsc. Vue passes a
// kebab-case attribute and its camelCase property to the same prop, so each prop takes the property's type or
// the attribute's text; `@agent-chat-message` is typed by the `onAgentChatMessage` handler prop.
import type { DefineComponent } from 'vue';
import type { AgentChatElement } from '../element/agent-chat.component.js';
import type { AgentChatAttributeFields, AgentChatPropertyName } from './agent-chat-api.generated.js';
import type { AgentChatCamelEventHandlers, AttributeValue } from './agent-chat-props.js';

/** The attribute text each property also takes, by property name. */
type AttributeText = {
  [A in keyof AgentChatAttributeFields as AgentChatAttributeFields[A]]: AttributeValue<
    AgentChatElement[AgentChatAttributeFields[A]]
  >;
};

/** The props of `<agent-chat>` in a Vue template. */
export type AgentChatVueProps = {
  [P in AgentChatPropertyName]?:
    | AgentChatElement[P]
    | (P extends keyof AttributeText ? AttributeText[P] : never);
} & AgentChatCamelEventHandlers;

declare module 'vue' {
  interface GlobalComponents {
    'agent-chat': DefineComponent<AgentChatVueProps>;
  }
}
