import type { BenchContext } from '../lib/benchmark.ts';
import { type FirstChat, firstChat } from './first-chat.ts';

/** The same answer as the default page's, as an AI SDK UI message stream (`toUIMessageStreamResponse`). */
const UI_MESSAGE_STREAM = [
  { type: 'start', messageId: 'm1' },
  { type: 'start-step' },
  { type: 'text-start', id: 't1' },
  { type: 'text-delta', id: 't1', delta: 'Sencha is a **grassy** ' },
  { type: 'text-delta', id: 't1', delta: 'green tea.' },
  { type: 'text-end', id: 't1' },
  { type: 'finish-step' },
  { type: 'finish', finishReason: 'stop' },
]
  .map((chunk) => `data: ${JSON.stringify(chunk)}\n\n`)
  .concat('data: [DONE]\n\n')
  .join('');

/**
 * First chat of a page that fronts an AI SDK route: `<agent-chat agent-url agent-protocol="ai-sdk">`,
 * measured as the default page's (every `agent-chat*.js` requested until the answer renders, gzip -9).
 */
export function firstChatRemoteAgent(context: BenchContext): Promise<FirstChat | undefined> {
  return firstChat(context, {
    element: '<agent-chat agent-url="http://127.0.0.1:9/api/chat" agent-protocol="ai-sdk"></agent-chat>',
    answer: UI_MESSAGE_STREAM,
  });
}
