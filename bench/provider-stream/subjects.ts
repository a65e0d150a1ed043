// The work measured by index.ts, bundled with esbuild first (Node cannot load the core's TypeScript source
// directly): both subjects go through the same bundling, so neither gets an advantage.
import { anthropic, type ChatModel, openAICompatible } from '@agent-chat/core';
import {
  anthropicStreamEvents,
  eventStreamFetch,
  openAIStreamEvents,
  type ScriptedTurn,
} from '@agent-chat/core/test';
import { createOpenAI } from '@ai-sdk/openai';

const encoder = new TextEncoder();

// One recorded answer: 8 000 characters of text in 4-character deltas, then three tool calls whose
// argument JSON (about 3 KB each) arrives in 3-character fragments — the shape that stresses a decoder.
const args = (n: number) => ({
  query: `q${n}`,
  filters: Array.from({ length: 60 }, (_, i) => ({ field: `f${i}`, value: 'x'.repeat(20) })),
});
const turn: ScriptedTurn = {
  text: 'The quick brown fox jumps over the lazy dog. '.repeat(178).slice(0, 8000),
  chunkSize: 4,
  toolCalls: [0, 1, 2].map((n) => ({ id: `call_${n}`, name: 'search', arguments: args(n) })),
  fragmentSize: 3,
  usage: { inputTokens: 1000, outputTokens: 3000 },
};
const openAIBody = encoder.encode(openAIStreamEvents(turn).join(''));
const anthropicBody = encoder.encode(anthropicStreamEvents(turn).join(''));
const CHUNK = 1400; // a typical TCP-sized read
/** Serves `body` in TCP-sized reads. */
const fetchOf = (body: Uint8Array): typeof fetch =>
  eventStreamFetch(
    Array.from({ length: Math.ceil(body.length / CHUNK) }, (_, i) =>
      body.subarray(i * CHUNK, (i + 1) * CHUNK),
    ),
  );
const fakeFetch = fetchOf(openAIBody);
const schema = { type: 'object', properties: { query: { type: 'string' } } };

/** Streams the answer through one of our adapters and counts the finished tool calls. */
async function toolCallsOf(model: ChatModel): Promise<number> {
  let calls = 0;
  for await (const event of model.stream({
    messages: [{ role: 'user', content: 'hi' }],
    tools: [{ name: 'search', description: 'Searches', parameters: schema }],
  }))
    if (event.type === 'tool-call-end') calls++;
  return calls;
}

export function ours(): Promise<number> {
  return toolCallsOf(
    openAICompatible({ baseURL: 'http://bench.test/v1', model: 'gpt-4o-mini', fetch: fakeFetch }),
  );
}

export async function aiSdk(): Promise<number> {
  const model = createOpenAI({ apiKey: 'sk-bench', baseURL: 'http://bench.test/v1', fetch: fakeFetch }).chat(
    'gpt-4o-mini',
  );
  const { stream } = await model.doStream({
    prompt: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }],
    tools: [{ type: 'function', name: 'search', description: 'Searches', inputSchema: schema }],
  } as never);
  let calls = 0;
  const reader = (stream as ReadableStream<{ type: string }>).getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (value.type === 'tool-call') calls++;
  }
  return calls;
}

/** The same answer in Anthropic's Messages format through `anthropic().stream()` (no peer installed). */
export function oursAnthropic(): Promise<number> {
  return toolCallsOf(
    anthropic({ baseURL: 'http://bench.test/v1', model: 'claude-haiku-4-5', fetch: fetchOf(anthropicBody) }),
  );
}
