import { describe, expect, it } from 'vitest';
import { MessageLimit } from './message-limit.js';

describe('MessageLimit', () => {
  it('lets two messages through in 30 s, asks about the third, refuses while asking and after a block', () => {
    const limit = new MessageLimit(2, 30_000);
    expect(limit.check(0)).toBe('send');
    expect(limit.check(10)).toBe('send');
    expect(limit.check(20)).toBe('ask');
    limit.asking = true;
    expect(limit.check(30)).toBe('refuse');
    expect(limit.refused).toBe(1);
    limit.asking = false;
    // The window slides: 31 s after the first two, messages go through again.
    expect(limit.check(31_000)).toBe('send');
    limit.blocked = true;
    expect(limit.check(31_010)).toBe('refuse');
    expect(limit.refused).toBe(2);
  });
});
