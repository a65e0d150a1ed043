// A TypeScript app on the widget's typed API, checked by `tsc --noEmit` (strict) against the installed .d.ts.
import { type AgentChatElement, defineTool } from '@agent-chat/widget';

const chat = document.querySelector('agent-chat')!;
const element: AgentChatElement = chat;
element.tools = [
  defineTool({
    name: 'add',
    description: 'Adds two numbers.',
    parameters: {
      type: 'object',
      properties: { a: { type: 'number' }, b: { type: 'number' } },
      required: ['a', 'b'],
    },
    execute: ({ a, b }: { a: number; b: number }) => a + b,
  }),
];
chat.addEventListener('agent-chat-message', (event) => {
  const role: 'user' | 'assistant' = event.detail.role;
  console.log(role, event.detail.text.length);
});
chat.addEventListener('agent-chat-error', (event) => console.log(event.detail.code));
chat.agent = undefined;
chat.store = undefined;
