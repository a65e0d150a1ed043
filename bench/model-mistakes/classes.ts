// The mistakes of bench/model-mistakes: what a small model or its endpoint does wrong, once, and the
// simulated model that makes it. The simulated model reads the conversation like a model would: it errs
// the first time it reaches the mistake's phase, then does what it is told (calls `add` right, answers
// from the tool result).
import type { ScriptedTurn } from '@agent-chat/core/test';
import type { RecordedRequest } from '../../test/model-server/scripted-model-server.ts';

/** One task: add two numbers with the `add` tool, then say the sum. */
export interface Task {
  a: number;
  b: number;
}

export const TASKS: Task[] = [
  { a: 2, b: 3 },
  { a: 17, b: 25 },
  { a: 120, b: 45 },
];

export const question = ({ a, b }: Task) => `What is ${a} + ${b}? Use the add tool.`;
export const expectedAnswer = ({ a, b }: Task) => `${a} + ${b} = ${a + b}.`;

/** When the mistake happens: on the first request (calling the tool) or when the model should answer. */
type Phase = 'call' | 'answer';

export interface MistakeClass {
  /** snake_case, used in metric names. */
  id: string;
  /** What goes wrong, for the results README. */
  what: string;
  phase: Phase;
  /** The faulty turn the scripted server plays (absent: the fault is outside the server, see `refused`). */
  mistake?: (task: Task, index: number) => ScriptedTurn;
  /** The first request of the task goes to a port nothing listens on (connection refused). */
  refused?: boolean;
  /** A model that repeats its call after each result until a tool error tells it to stop. */
  repeats?: boolean;
}

const call = ({ a, b }: Task, args: string | Record<string, unknown> = { a, b }, name = 'add') => ({
  toolCalls: [{ name, arguments: args }],
});
const SHAPES = ['json', 'tag', 'fenced'] as const;

export const CLASSES: MistakeClass[] = [
  {
    id: 'cut_stream',
    what: 'the answer stream is cut after a few words (no finish reason, no [DONE])',
    phase: 'answer',
    mistake: (task) => ({ text: expectedAnswer(task), chunkSize: 4, cutAfterEvents: 3 }),
  },
  {
    id: 'tool_call_as_text',
    what: 'the tool call is written as text (JSON, <tool_call>, fenced JSON: one shape per task)',
    phase: 'call',
    mistake: (task, i) => ({ ...call(task), toolCallAsText: SHAPES[i % SHAPES.length] }),
  },
  {
    id: 'bad_json_arguments',
    what: 'the arguments are not valid JSON',
    phase: 'call',
    mistake: (task) => call(task, `{"a": ${task.a}, "b": `),
  },
  {
    id: 'unknown_tool',
    what: 'the call names a tool that does not exist (addition)',
    phase: 'call',
    mistake: (task) => call(task, { a: task.a, b: task.b }, 'addition'),
  },
  {
    id: 'wrong_argument_types',
    what: 'the numbers are sent as strings',
    phase: 'call',
    mistake: (task) => call(task, { a: String(task.a), b: String(task.b) }),
  },
  {
    id: 'missing_argument',
    what: 'a required argument is missing',
    phase: 'call',
    mistake: (task) => call(task, { a: task.a }),
  },
  { id: 'empty_answer', what: 'the first answer is empty', phase: 'call', mistake: () => ({ text: '' }) },
  {
    id: 'repeated_call',
    what: 'after the result the model calls the same tool with the same arguments again, until told',
    phase: 'answer',
    repeats: true,
  },
  {
    id: 'http_5xx',
    what: 'the endpoint answers 503',
    phase: 'call',
    mistake: () => ({ error: { status: 503 } }),
  },
  {
    id: 'http_429_retry_after',
    what: 'the endpoint answers 429 with Retry-After: 1',
    phase: 'call',
    mistake: () => ({ error: { status: 429, headers: { 'retry-after': '1' } } }),
  },
  { id: 'connection_refused', what: 'the connection is refused', phase: 'call', refused: true },
  {
    id: 'stall',
    what: 'the endpoint sends its headers, then nothing for 3 s (idle limit 1 s)',
    phase: 'call',
    mistake: (task) => ({ ...call(task), stallMs: 3_000 }),
  },
];

/** The sum in the last successful `add` result of the conversation, if any. */
function knownSum(messages: Array<{ role: string; content?: unknown }>): number | undefined {
  for (const message of messages.toReversed()) {
    if (message.role !== 'tool') continue;
    const found = /"sum"\s*:\s*(-?\d+)/.exec(String(message.content ?? ''));
    if (found) return Number(found[1]);
  }
  return undefined;
}

/** A simulated small model for one task of one class: a responder for the scripted server. */
export function simulatedModel(mistake: MistakeClass, task: Task, index: number) {
  let erred = false;
  return (request: RecordedRequest): ScriptedTurn => {
    const messages = (request.body.messages ?? []) as Array<{ role: string; content?: unknown }>;
    const sum = knownSum(messages);
    const phase: Phase = sum === undefined ? 'call' : 'answer';
    if (!erred && phase === mistake.phase && mistake.mistake) {
      erred = true;
      return mistake.mistake(task, index);
    }
    if (phase === 'call') return call(task);
    // Stuck in a loop: calls again while the last message is the result it already has (not an error).
    const last = messages.at(-1);
    if (mistake.repeats && last?.role === 'tool' && !/error/i.test(String(last.content))) return call(task);
    return { text: `${task.a} + ${task.b} = ${sum}.`, chunkSize: 4 };
  };
}
