// The scripted model of bench/context-memory, written as a function of what it is sent, as a real model
// reads its context: per turn it makes the plan's tool calls, then answers. When the question needs a
// detail that is not in the request (the entry holding it reached the model only as a summary), it first
// calls retrieve_full_context with that entry's id, which it must find in the request, and answers after.

import { type Message, RETRIEVE_FULL_CONTEXT } from '@agent-chat/core';
import { type MockModel, mockModel } from '@agent-chat/core/test';
import type { DetailTurnPlan } from './detail-questions.ts';
import { CONTEXT_WINDOW } from './sliding-window.ts';

/**
 * `retrieve`: false plays the same conversation but answers without retrieving (the old, free scenario).
 * `onMissing` hears of each turn answered without the detail it needed in its request (its answer would
 * be wrong): with memory off, what the window cut.
 */
export function readingModel(
  plan: readonly DetailTurnPlan[],
  retrieve: boolean,
  onMissing?: (turn: number) => void,
): MockModel {
  return mockModel(
    [
      (request) => {
        const { messages } = request;
        const userAt = messages.findLastIndex((m) => m.role === 'user');
        const turnNumber = Number(/\(turn (\d+)\)$/.exec(messages[userAt]?.content ?? '')?.[1]);
        const turn = plan[turnNumber - 1];
        if (!turn) throw new Error(`reading model: no scripted turn for ${messages[userAt]?.content}`);
        const since = messages.slice(userAt + 1);
        if (since.length === 0)
          return { toolCalls: turn.calls.map((c) => ({ id: c.id, name: c.name, arguments: c.args })) };
        const detail = turn.detail;
        if (retrieve && detail && !sent(messages).includes(detail.text)) {
          if (since.some((m) => m.role === 'tool' && m.toolName === RETRIEVE_FULL_CONTEXT))
            throw new Error(
              `turn ${turnNumber}: retrieve_full_context(${detail.id}) did not bring the detail back`,
            );
          if (!sent(messages).includes(detail.id))
            throw new Error(`turn ${turnNumber}: the request names no entry ${detail.id} to retrieve`);
          return {
            toolCalls: [
              { id: `retrieve_${turnNumber}`, name: RETRIEVE_FULL_CONTEXT, arguments: { id: detail.id } },
            ],
          };
        }
        if (detail && !sent(messages).includes(detail.text)) onMissing?.(turnNumber);
        return { text: turn.answer };
      },
    ],
    { contextWindow: CONTEXT_WINDOW },
  );
}

/** Everything the model reads: every message's text (the system prompt carries the roll-up). */
function sent(messages: readonly Message[]): string {
  return messages.map((m) => m.content).join('\n');
}
