import { AGENT_CHAT, type BenchContext, type Measurement } from '../lib/benchmark.ts';
import { firstChat } from './first-chat.ts';

const sse = (events: object[], done = false) =>
  events
    .map((event) => `data: ${JSON.stringify(event)}\n\n`)
    .concat(done ? ['data: [DONE]\n\n'] : [])
    .join('');

/** The default page's answer as an AI SDK UI message stream (`toUIMessageStreamResponse`). */
const UI_MESSAGE_STREAM = sse(
  [
    { type: 'start', messageId: 'm1' },
    { type: 'start-step' },
    { type: 'text-start', id: 't1' },
    { type: 'text-delta', id: 't1', delta: 'Sencha is a **grassy** ' },
    { type: 'text-delta', id: 't1', delta: 'green tea.' },
    { type: 'text-end', id: 't1' },
    { type: 'finish-step' },
    { type: 'finish', finishReason: 'stop' },
  ],
  true,
);

/** The same answer as AG-UI events. */
const AG_UI_STREAM = sse([
  { type: 'RUN_STARTED', threadId: 't', runId: 'r' },
  { type: 'TEXT_MESSAGE_START', messageId: 'm1', role: 'assistant' },
  { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm1', delta: 'Sencha is a **grassy** ' },
  { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm1', delta: 'green tea.' },
  { type: 'TEXT_MESSAGE_END', messageId: 'm1' },
  { type: 'RUN_FINISHED', threadId: 't', runId: 'r' },
]);

/**
 * First chat of pages that front a remote agent, `<agent-chat agent-url agent-protocol>`, measured as the
 * default page's (every `agent-chat*.js` requested until the answer renders, gzip -9):
 * `first_chat_gzip_bytes_remote_agent` (ai-sdk) and `first_chat_gzip_bytes_remote_agent_ag_ui`.
 */
export async function remoteAgentRows(context: BenchContext): Promise<Measurement[]> {
  const rows: Measurement[] = [];
  for (const [protocol, answer, metric] of [
    ['ai-sdk', UI_MESSAGE_STREAM, 'first_chat_gzip_bytes_remote_agent'],
    ['ag-ui', AG_UI_STREAM, 'first_chat_gzip_bytes_remote_agent_ag_ui'],
  ] as const) {
    const chat = await firstChat(context, {
      suffix: metric.replace('first_chat_gzip_bytes', ''),
      label: `agent-url (${protocol})`,
      element: `<agent-chat agent-url="http://127.0.0.1:9/agent" agent-protocol="${protocol}"></agent-chat>`,
      pageExtra: '',
      stream: () => answer,
      rendered: ['[part~="message-assistant"] strong'],
    });
    if (!chat) continue;
    rows.push({ subject: AGENT_CHAT, metric, value: chat.gzip, unit: 'bytes' });
    context.log(
      `agent-chat first chat, agent-url (${protocol}): ${chat.gzip} gzip -9 bytes (${chat.files.map((f) => `${f.name} ${f.gzip}`).join(', ')})`,
    );
  }
  return rows;
}
