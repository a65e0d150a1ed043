import { argumentsText, asPlayed, pieces, type ScriptedTurn } from './scripted-turn.js';

/**
 * The SSE events an Anthropic Messages stream would carry for a scripted turn: `message_start` (input
 * usage), a `redacted_thinking` block, a `thinking` block (`thinking_delta`s, then its `signature_delta`), a text block in `text_delta`s, one `tool_use` block per call with its input in
 * `input_json_delta` fragments, `message_delta` (stop reason, output usage) and `message_stop`.
 */
export function anthropicStreamEvents(scripted: ScriptedTurn, model = 'scripted-model'): string[] {
  const turn = asPlayed(scripted);
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
    ...contentBlocks(turn).flatMap(([block, deltas], index) => [
      event('content_block_start', { index, content_block: block }),
      ...deltas.map((delta) => event('content_block_delta', { index, delta })),
      event('content_block_stop', { index }),
    ]),
  ];
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

type Fields = Record<string, unknown>;

const event = (type: string, data: Fields) =>
  `event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`;

/** The turn's content blocks in stream order, each with the deltas that fill it. */
function contentBlocks(turn: ScriptedTurn): Array<[block: Fields, deltas: Fields[]]> {
  const blocks: Array<[Fields, Fields[]]> = [];
  if (turn.redactedThinking) blocks.push([{ type: 'redacted_thinking', data: turn.redactedThinking }, []]);
  if (turn.reasoning)
    blocks.push([
      { type: 'thinking', thinking: '', signature: '' },
      [
        ...pieces(turn.reasoning, turn.chunkSize ?? 8).map((thinking) => ({
          type: 'thinking_delta',
          thinking,
        })),
        { type: 'signature_delta', signature: turn.thinkingSignature ?? 'sig_scripted' },
      ],
    ]);
  if (turn.text)
    blocks.push([
      { type: 'text', text: '' },
      pieces(turn.text, turn.chunkSize ?? 8).map((text) => ({ type: 'text_delta', text })),
    ]);
  for (const [n, call] of (turn.toolCalls ?? []).entries())
    blocks.push([
      {
        type: 'tool_use',
        id: turn.omitToolCallIds ? '' : (call.id ?? `toolu_scripted_${n}`),
        name: call.name,
        input: {},
      },
      pieces(argumentsText(call.arguments), turn.fragmentSize ?? 7).map((partial_json) => ({
        type: 'input_json_delta',
        partial_json,
      })),
    ]);
  return blocks;
}
