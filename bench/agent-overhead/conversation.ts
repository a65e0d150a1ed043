// The conversation every subject of bench/agent-overhead plays: 9 turns that each call `lookup`, then a
// streamed answer; the tool's schema and function, the same for all three.
import type { ScriptedTurn } from '@agent-chat/core/test';

export const TURNS = 10;
export const PROMPT = 'Check all nine items.';

export function conversation(): ScriptedTurn[] {
  const turns: ScriptedTurn[] = [];
  for (let i = 1; i < TURNS; i++)
    turns.push({
      text: `Looking up item ${i}.`,
      toolCalls: [{ id: `call_${i}`, name: 'lookup', arguments: { key: `item-${i}` } }],
      usage: { inputTokens: 100 + i * 20, outputTokens: 12 },
    });
  turns.push({
    text: 'All nine items are in stock; the cheapest is item-3 and the newest is item-9. '.repeat(4),
    usage: { inputTokens: 300, outputTokens: 80 },
  });
  return turns;
}

export const lookupSchema = {
  type: 'object' as const,
  properties: { key: { type: 'string' as const } },
  required: ['key'],
  additionalProperties: false,
};

export const lookup = ({ key }: { key: string }) => ({ key, inStock: true, price: key.length * 1.5 });
