import { argumentsText, asPlayed, pieces, type ScriptedTurn } from './scripted-turn.js';

/**
 * The SSE events an Anthropic Messages stream would carry for a scripted turn: `message_start` (input
 * usage), a `redacted_thinking` block, a `thinking` block (`thinking_delta`s, then its `signature_delta`), a text block in `text_delta`s, one `tool_use` block per call with its input in
 * `input_json_delta` fragments, `message_delta` (stop reason, output usage) and `message_stop`.
 */
export function anthropicStreamEvents(scripted: ScriptedTurn, model = 'scripted-model'): string[] {
  const turn = asPlayed(scripted);
  const event = (type: string, data: Record<string, unknown>) =>
    `event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`;
  const usage = turn.usage;
  const events: string[] = [
    event('message_start', {
      message: {
        id: 'msg_scripted',
        type: 'message',
        role: 'assistant',
        model,
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: { input_tokens: usage?.inputTokens ?? 0, output_tokens: 1 },
      },
    }),
    event('ping', {}),
  ];
  let index = 0;
  if (turn.redactedThinking) {
    events.push(
      event('content_block_start', {
        index,
        content_block: { type: 'redacted_thinking', data: turn.redactedThinking },
      }),
    );
    events.push(event('content_block_stop', { index }));
    index++;
  }
  if (turn.reasoning) {
    events.push(
      event('content_block_start', {
        index,
        content_block: { type: 'thinking', thinking: '', signature: '' },
      }),
    );
    for (const thinking of pieces(turn.reasoning, turn.chunkSize ?? 8))
      events.push(event('content_block_delta', { index, delta: { type: 'thinking_delta', thinking } }));
    events.push(
      event('content_block_delta', {
        index,
        delta: { type: 'signature_delta', signature: turn.thinkingSignature ?? 'sig_scripted' },
      }),
    );
    events.push(event('content_block_stop', { index }));
    index++;
  }
  if (turn.text) {
    events.push(event('content_block_start', { index, content_block: { type: 'text', text: '' } }));
    for (const text of pieces(turn.text, turn.chunkSize ?? 8))
      events.push(event('content_block_delta', { index, delta: { type: 'text_delta', text } }));
    events.push(event('content_block_stop', { index }));
    index++;
  }
  for (const [n, call] of (turn.toolCalls ?? []).entries()) {
    events.push(
      event('content_block_start', {
        index,
        content_block: {
          type: 'tool_use',
          id: turn.omitToolCallIds ? '' : (call.id ?? `toolu_scripted_${n}`),
          name: call.name,
          input: {},
        },
      }),
    );
    for (const partial_json of pieces(argumentsText(call.arguments), turn.fragmentSize ?? 7))
      events.push(event('content_block_delta', { index, delta: { type: 'input_json_delta', partial_json } }));
    events.push(event('content_block_stop', { index }));
    index++;
  }
  events.push(
    event('message_delta', {
      delta: {
        stop_reason: turn.finishReason ?? (turn.toolCalls?.length ? 'tool_use' : 'end_turn'),
        stop_sequence: null,
      },
      ...(usage ? { usage: { output_tokens: usage.outputTokens } } : {}),
    }),
  );
  events.push(event('message_stop', {}));
  return turn.cutAfterEvents === undefined ? events : events.slice(0, turn.cutAfterEvents);
}
