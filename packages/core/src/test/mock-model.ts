import { StreamInterruptedError } from '../call-errors.js';
import type { ChatModel, ModelCapabilities, ModelEvent, ModelRequest } from '../model/chat-model.js';
import { argumentsText, asPlayed, pieces, type ScriptedTurn } from './scripted-turn.js';

/** A turn for {@link mockModel}: a scripted turn, a list of model events, or a function of the request. */
export type MockTurn = ScriptedTurn | ModelEvent[] | ((request: ModelRequest) => ScriptedTurn | ModelEvent[]);

/** A {@link ChatModel} fake that plays turns in order and records every request. */
export interface MockModel extends ChatModel {
  readonly requests: ModelRequest[];
}

/**
 * A fake model for tests: plays `turns` one per call (the last one repeats) and records requests. A scripted
 * turn with `cutAfterEvents` stops after that many model events and throws `StreamInterruptedError`, as a
 * provider adapter does when its connection is cut.
 *
 * @example
 * const model = mockModel([{ toolCalls: [{ name: 'add', arguments: { a: 1, b: 2 } }] }, { text: '3' }]);
 */
export function mockModel(turns: MockTurn[], capabilities: Partial<ModelCapabilities> = {}): MockModel {
  const requests: ModelRequest[] = [];
  return {
    id: 'mock:model',
    capabilities: { tools: true, jsonSchema: true, vision: false, contextWindow: 128_000, ...capabilities },
    requests,
    async *stream(request, { signal } = {}) {
      requests.push(structuredClone(request));
      const turn = turns[Math.min(requests.length - 1, turns.length - 1)];
      if (!turn) throw new Error('mockModel: no turns scripted');
      const resolved = typeof turn === 'function' ? turn(request) : turn;
      const events = Array.isArray(resolved) ? resolved : toModelEvents(resolved);
      const cutAfter = Array.isArray(resolved) ? undefined : resolved.cutAfterEvents;
      for (const event of cutAfter === undefined ? events : events.slice(0, cutAfter)) {
        if (signal?.aborted) throw signal.reason;
        if (!Array.isArray(resolved) && resolved.delayMs) await sleep(resolved.delayMs, signal);
        yield event;
      }
      if (cutAfter !== undefined) throw new StreamInterruptedError();
    },
  };
}

function toModelEvents(scripted: ScriptedTurn): ModelEvent[] {
  const turn = asPlayed(scripted);
  const events: ModelEvent[] = [];
  if (turn.reasoning) {
    for (const text of pieces(turn.reasoning, turn.chunkSize ?? 8))
      events.push({ type: 'reasoning-delta', text });
    events.push({ type: 'reasoning-end', text: turn.reasoning });
  }
  for (const text of pieces(turn.text ?? '', turn.chunkSize ?? 8)) events.push({ type: 'text-delta', text });
  for (const [index, call] of (turn.toolCalls ?? []).entries()) {
    const id = call.id ?? `call_${index}`;
    const args = argumentsText(call.arguments);
    events.push({ type: 'tool-call-start', index, id, name: call.name });
    events.push({ type: 'tool-call-delta', index, id, argumentsDelta: args });
    events.push({ type: 'tool-call-end', index, toolCall: { id, name: call.name, arguments: args } });
  }
  if (turn.usage)
    events.push({
      type: 'usage',
      usage: { ...turn.usage, totalTokens: turn.usage.inputTokens + turn.usage.outputTokens },
    });
  events.push({ type: 'finish', reason: turn.toolCalls?.length ? 'tool-calls' : 'stop' });
  return events;
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}
