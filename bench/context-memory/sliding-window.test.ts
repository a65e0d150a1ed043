import type { Message, TokenCounter } from '@agent-chat/core';
import { describe, expect, it } from 'vitest';
import { cutOldestFirst } from './sliding-window.ts';

// One token per character, plus the 3 per message and 3 per request every count adds.
const counter: TokenCounter = { encoding: 'test', exact: true, count: (text) => text.length };
const history: Message[] = [
  { role: 'system', content: 'sys' },
  { role: 'user', content: 'q1'.padEnd(50) },
  { role: 'assistant', content: '', toolCalls: [{ id: 'a', name: 't', arguments: '{}' }] },
  { role: 'tool', toolCallId: 'a', toolName: 't', content: 'r'.repeat(100) },
  { role: 'assistant', content: 'answer 1'.padEnd(50) },
  { role: 'user', content: 'q2' },
];

describe('cutOldestFirst', () => {
  it('keeps everything that fits', () => {
    expect(cutOldestFirst(history, 10_000, counter)).toEqual({ messages: history, dropped: 0 });
  });

  it('drops the oldest messages first, keeps the system prompt, and never leaves a tool result without its call', () => {
    // Without the first question the rest is still 3 + 6 + 9 + 103 + 53 + 5 = 179 > 120; dropping the
    // call drops its result too, and 3 + 6 + 53 + 5 = 67 fits.
    const cut = cutOldestFirst(history, 120, counter);
    expect(cut.messages.map((m) => m.role)).toEqual(['system', 'assistant', 'user']);
    expect(cut.dropped).toBe(3);
  });

  it('never drops the current question, even when it alone does not fit', () => {
    expect(cutOldestFirst(history, 1, counter).messages).toEqual([history[0], history[5]]);
  });
});
