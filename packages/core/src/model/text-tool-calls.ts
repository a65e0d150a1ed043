import type { ModelEvent, ToolSpec } from './chat-model.js';

/** How an answer that may be a tool call written as text starts: `{`, `[`, `<tool_call>`, a code fence. */
const CALL_START = /^\s*[[{<`]/;

/**
 * A model stream in which a tool call the model wrote as its text becomes a real tool call, when tools
 * were offered: `{"name","arguments"}`, `{"tool","args"}`, a fenced JSON block or `<tool_call>…</tool_call>`,
 * as small models often write. Text that starts like prose passes straight through; text that starts like
 * a call is handed to the filter of `text-tool-call-parse.ts` (loaded then), which holds it back until it
 * knows. Native tool calls pass through.
 */
export async function* recoverTextToolCalls(
  events: AsyncIterable<ModelEvent>,
  tools: readonly ToolSpec[] | undefined,
): AsyncGenerator<ModelEvent> {
  if (!tools?.length) {
    yield* events;
    return;
  }
  const iterator = events[Symbol.asyncIterator]();
  let lead = '';
  let native = false;
  try {
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
      const event = next.value;
      if (event.type === 'tool-call-start') native = true;
      if (event.type !== 'text-delta') {
        yield event;
        continue;
      }
      lead += event.text;
      if (!lead.trim()) continue;
      if (CALL_START.test(lead)) {
        yield* (await import('./text-tool-call-parse.js')).filterTextToolCall(lead, iterator, native);
        return;
      }
      yield { type: 'text-delta', text: lead };
      // Prose: the rest of the stream passes as it comes.
      for (next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
      return;
    }
    if (lead) yield { type: 'text-delta', text: lead };
  } finally {
    await iterator.return?.();
  }
}
