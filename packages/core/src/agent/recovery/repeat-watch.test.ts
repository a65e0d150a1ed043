// A file of its own: it starts with the repeated-calls check not loaded, as a page's first tool call does.
import { describe, expect, it } from 'vitest';
import type { ToolCall } from '../../model/messages.js';
import type { RunContext } from '../run-settings.js';
import { rememberResult, repeatedCall } from './repeat-watch.js';

const call = (id: string, args = '{"a":2,"b":3}'): ToolCall => ({ id, name: 'add', arguments: args });

describe('repeatedCall', () => {
  it("answers the third identical call in a row, quoting the first turn's result it kept before the check loaded", async () => {
    const run = {} as RunContext;
    const first = call('c1');
    expect(await repeatedCall(run, 1, first)).toBeUndefined();
    rememberResult(run, first, '{"sum":5}');
    // The second turn loads the check and hands it the first turn's call; keys in another order are the same call.
    const second = call('c2', '{"b":3,"a":2}');
    expect(await repeatedCall(run, 2, second)).toBeUndefined();
    const answer = await repeatedCall(run, 3, call('c3'));
    expect(answer?.ok).toBe(false);
    expect(answer && !answer.ok && answer.error).toMatch(
      /already called add with these arguments 2 times in a row.*Its result was: \{"sum":5\}/,
    );
  });

  it('does not count calls with other arguments or in turns that are not consecutive', async () => {
    const run = {} as RunContext;
    expect(await repeatedCall(run, 1, call('d1'))).toBeUndefined();
    expect(await repeatedCall(run, 2, call('d2', '{"a":1}'))).toBeUndefined();
    expect(await repeatedCall(run, 4, call('d3'))).toBeUndefined();
    expect(await repeatedCall(run, 5, call('d4'))).toBeUndefined();
    expect(await repeatedCall(run, 6, call('d5'))).toMatchObject({ ok: false });
  });
});
