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

/**
 * A run's streaks by call (name and canonical arguments), the turn they were last pruned at, and the keys of
 * that turn's calls (worked out once for both the check and the result it keeps).
 */
interface Streaks {
  byCall: Map<string, Streak>;
  turn: number;
  keys: Map<ToolCall, string>;
}

const streaks = new WeakMap<RunContext, Streaks>();

/**
 * The answer to a call the model already made with the same arguments in each of the turns before it
 * ({@link REPEAT_LIMIT} in a row counting this one): a tool error telling the model it already has the
 * result, so a small model stuck in a loop moves on instead of spending the run's turns. Undefined: run it.
 * A turn's first call drops the streaks that ended before the last turn, so the check stays small however
 * long the run.
 */
export function repeatedCallAnswer(
  run: RunContext,
  turn: number,
  call: ToolCall,
): ToolCallOutcome | undefined {
  let state = streaks.get(run);
  if (!state) {
    state = { byCall: new Map(), turn, keys: new Map() };
    streaks.set(run, state);
  }
  const { byCall } = state;
  if (state.turn !== turn) {
    state.turn = turn;
    state.keys.clear();
    for (const [key, streak] of byCall) if (streak.lastTurn < turn - 1) byCall.delete(key);
  }
  const key = `${call.name}\u0000${canonical(call.arguments)}`;
  state.keys.set(call, key);
  let now = byCall.get(key);
  if (!now || now.lastTurn < turn - 1) {
    now = { lastTurn: turn, count: 1 };
    byCall.set(key, now);
  } else if (now.lastTurn === turn - 1) {
    now.lastTurn = turn;
    now.count++;
  }
  if (now.count < REPEAT_LIMIT) return undefined;
  const result = now.result === undefined ? '' : ` Its result was: ${now.result.slice(0, 2000)}`;
  const error = `you already called ${call.name} with these arguments ${now.count - 1} times in a row and have its result; calling it again gives nothing new.${result} Use it to answer the user, or call a tool with different arguments.`;
  return { ok: false, error, content: `Error: ${error}` };
}

/** Keeps the latest result of a call, quoted when the model repeats it. */
export function rememberCallResult(run: RunContext, call: ToolCall, content: string): void {
  const state = streaks.get(run);
  const key = state?.keys.get(call);
  if (key === undefined) return;
  const streak = state!.byCall.get(key);
  if (streak) streak.result = content;
}

/**
 * The arguments with keys sorted, so `{"a":1,"b":2}` and `{"b":2,"a":1}` are the same call. Arguments whose
 * keys are already in order (the usual case) are written back without the sorting replacer.
 */
function canonical(args: string): string {
  let value: unknown;
  try {
    value = JSON.parse(args || '{}');
  } catch {
    return args;
  }
  return inOrder(value) ? JSON.stringify(value) : JSON.stringify(value, sortedKeys);
}

function sortedKeys(_key: string, value: unknown): unknown {
  return value && typeof value === 'object' && !Array.isArray(value)
    ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : 1)))
    : value;
}

/** Every object in `value` has its keys in order already. */
function inOrder(value: unknown): boolean {
  if (!value || typeof value !== 'object') return true;
  if (Array.isArray(value)) return value.every(inOrder);
  let previous = '';
  for (const key in value) {
    if (key < previous) return false;
    previous = key;
    if (!inOrder((value as Record<string, unknown>)[key])) return false;
  }
  return true;
}
