import type { ToolCall } from '../../model/messages.js';
import type { ToolCallOutcome } from '../../tools/execute-tool-call.js';
import type { RunContext } from '../run-settings.js';

/** Identical calls in consecutive turns after which the next one is answered instead of run. */
export const REPEAT_LIMIT = 3;

interface Streak {
  lastTurn: number;
  count: number;
  result?: string;
}

const streaks = new WeakMap<RunContext, Map<string, Streak>>();

/**
 * The answer to a call the model already made with the same arguments in each of the turns before it
 * ({@link REPEAT_LIMIT} in a row counting this one): a tool error telling the model it already has the
 * result, so a small model stuck in a loop moves on instead of spending the run's turns. Undefined: run it.
 */
export function repeatedCallAnswer(
  run: RunContext,
  turn: number,
  call: ToolCall,
): ToolCallOutcome | undefined {
  const byCall = streaks.get(run) ?? new Map<string, Streak>();
  streaks.set(run, byCall);
  const key = `${call.name}\u0000${canonical(call.arguments)}`;
  const streak = byCall.get(key);
  if (!streak || streak.lastTurn < turn - 1) byCall.set(key, { lastTurn: turn, count: 1 });
  else if (streak.lastTurn === turn - 1) {
    streak.lastTurn = turn;
    streak.count++;
  }
  const now = byCall.get(key)!;
  if (now.count < REPEAT_LIMIT) return undefined;
  const result = now.result === undefined ? '' : ` Its result was: ${now.result.slice(0, 2000)}`;
  const error = `you already called ${call.name} with these arguments ${now.count - 1} times in a row and have its result; calling it again gives nothing new.${result} Use it to answer the user, or call a tool with different arguments.`;
  return { ok: false, error, content: `Error: ${error}` };
}

/** Keeps the latest result of a call, quoted when the model repeats it. */
export function rememberCallResult(run: RunContext, call: ToolCall, content: string): void {
  const streak = streaks.get(run)?.get(`${call.name}\u0000${canonical(call.arguments)}`);
  if (streak) streak.result = content;
}

/** The arguments with keys sorted, so `{"a":1,"b":2}` and `{"b":2,"a":1}` are the same call. */
function canonical(args: string): string {
  try {
    return JSON.stringify(JSON.parse(args || '{}'), (_, value: unknown) =>
      value && typeof value === 'object' && !Array.isArray(value)
        ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b)))
        : value,
    );
  } catch {
    return args;
  }
}
