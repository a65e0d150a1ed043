import { describe, expect, it } from 'vitest';
import { AbortedError } from '../errors.js';
import { PendingAnswers } from './pending-answers.js';

describe('PendingAnswers', () => {
  it('resolves a question with its answer and forgets it', async () => {
    const pending = new PendingAnswers();
    const wait = pending.wait('q1', { timeoutMs: 1_000 });
    expect(pending.ids).toEqual(['q1']);
    expect(pending.answer('q1', { action: 'accept', content: { a: 1 } })).toBe(true);
    await expect(wait).resolves.toEqual({ action: 'accept', content: { a: 1 } });
    expect(pending.ids).toEqual([]);
    expect(pending.answer('q1', { action: 'decline' })).toBe(false);
  });

  it('keeps the question open when the check refuses an answer', async () => {
    const pending = new PendingAnswers();
    const wait = pending.wait('q', {
      timeoutMs: 1_000,
      check: (answer) => {
        if (answer.action === 'accept' && !answer.content?.ok) throw new Error('not ok');
        return answer;
      },
    });
    expect(() => pending.answer('q', { action: 'accept', content: {} })).toThrow('not ok');
    expect(pending.ids).toEqual(['q']);
    pending.answer('q', { action: 'accept', content: { ok: true } });
    await expect(wait).resolves.toMatchObject({ content: { ok: true } });
  });

  it('cancels on timeout and rejects on abort', async () => {
    const pending = new PendingAnswers();
    await expect(pending.wait('slow', { timeoutMs: 5 })).resolves.toEqual({ action: 'cancel' });
    const controller = new AbortController();
    const wait = pending.wait('stopped', { timeoutMs: 1_000, signal: controller.signal });
    controller.abort();
    await expect(wait).rejects.toBeInstanceOf(AbortedError);
    expect(pending.ids).toEqual([]);
  });
});
