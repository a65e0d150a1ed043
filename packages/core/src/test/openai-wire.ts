import { argumentsText, asPlayed, pieces, type ScriptedTurn } from './scripted-turn.js';

/**
 * The SSE events (`data: …\n\n` strings) an OpenAI Chat Completions stream would carry for a scripted
 * turn: reasoning (`reasoning_content`) deltas, text deltas, tool calls whose id and name come first and whose argument JSON follows in
 * fragments, the finish reason, a usage chunk, then `[DONE]`.
 */
export function openAIStreamEvents(scripted: ScriptedTurn, model = 'scripted-model'): string[] {
  const turn = asPlayed(scripted);
  const id = 'chatcmpl-scripted';
  const created = 1_700_000_000;
  const chunk = (delta: Record<string, unknown>, finish: string | null = null, usage: unknown = undefined) =>
    `data: ${JSON.stringify({
      id,
      object: 'chat.completion.chunk',
      created,
      model,
      choices: usage === undefined ? [{ index: 0, delta, finish_reason: finish }] : [],
      ...(usage === undefined ? {} : { usage }),
    })}\n\n`;
  const events: string[] = [chunk({ role: 'assistant', content: '' })];
  for (const piece of pieces(turn.reasoning ?? '', turn.chunkSize ?? 8))
    events.push(chunk({ reasoning_content: piece }));
  for (const piece of pieces(turn.text ?? '', turn.chunkSize ?? 8)) events.push(chunk({ content: piece }));
  for (const [index, call] of (turn.toolCalls ?? []).entries()) {
    events.push(
      chunk({
        tool_calls: [
          {
            index,
            ...(turn.omitToolCallIds ? {} : { id: call.id ?? `call_${index}_scripted` }),
            type: 'function',
            function: { name: call.name, arguments: '' },
          },
        ],
      }),
    );
    for (const fragment of pieces(argumentsText(call.arguments), turn.fragmentSize ?? 7))
      events.push(chunk({ tool_calls: [{ index, function: { arguments: fragment } }] }));
  }
  events.push(chunk({}, turn.finishReason ?? (turn.toolCalls?.length ? 'tool_calls' : 'stop')));
  if (turn.usage) {
    const { inputTokens, outputTokens } = turn.usage;
    events.push(
      chunk({}, null, {
        prompt_tokens: inputTokens,
        completion_tokens: outputTokens,
        total_tokens: inputTokens + outputTokens,
      }),
    );
  }
  events.push('data: [DONE]\n\n');
  return turn.cutAfterEvents === undefined ? events : events.slice(0, turn.cutAfterEvents);
}
