// <agent-chat> in React 19: attributes, a property (`tools`), a typed event handler and a typed ref, all
// checked by TypeScript through the one type import of @agent-chat/widget/react.
import { type AgentChatElement, type AgentChatMessageDetail, defineTool } from '@agent-chat/widget';
import type {} from '@agent-chat/widget/react';
import { useMemo, useRef } from 'react';

export interface ChatProps {
  proxyUrl: string;
  model: string;
  /** Called with each finished answer. */
  onAnswer: (detail: AgentChatMessageDetail) => void;
  /** What the page tool reads: the app's own state. */
  cart: string[];
}

export function Chat({ proxyUrl, model, onAnswer, cart }: ChatProps) {
  const ref = useRef<AgentChatElement>(null);
  // A new array only when the cart changes: the element rebuilds its agent's tools on the next message.
  const tools = useMemo(
    () => [
      defineTool({
        name: 'get_cart',
        description: 'The items in the shopping cart.',
        parameters: { type: 'object', properties: {} },
        execute: () => ({ items: cart }),
      }),
    ],
    [cart],
  );
  return (
    <agent-chat
      ref={ref}
      proxy-url={proxyUrl}
      model={model}
      system-prompt="You help visitors of this shop. Use get_cart for questions about the cart."
      theme="auto"
      tools={tools}
      onagent-chat-message={(event) => {
        if (event.detail.role === 'assistant') onAnswer(event.detail);
      }}
      onagent-chat-error={(event) =>
        console.error(`agent-chat: ${event.detail.code}: ${event.detail.message}`)
      }
    />
  );
}
