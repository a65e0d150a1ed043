import type { Goal } from '../lib/goals.ts';

const AI_SDK = 'ai@';
const bench = 'model-mistakes';

/** The goals of bench/model-mistakes (issue 27), listed in bench/lib/goals.ts. */
export const MODEL_MISTAKES_GOALS: readonly Goal[] = [
  {
    bench,
    metric: 'unrecovered_tasks',
    atMost: 0,
    basis: [{ metric: 'unrecovered_tasks', peer: AI_SDK }],
    text: 'agent-chat recovers every task of every mistake class: the final answer is right (the AI SDK’s row as measured)',
  },
  {
    bench,
    metric: 'max_extra_model_calls_per_mistake',
    atMost: 1,
    text: 'at most 1 extra model call per mistake (every class but the repeated call)',
  },
  {
    bench,
    metric: 'repeated_call_max_model_calls',
    atMost: 8,
    text: 'a model that repeats an identical call ends within the turn budget (8 model calls)',
  },
  {
    bench,
    metric: 'untyped_failures',
    atMost: 0,
    text: 'no task crashes, hangs or shows a wrong answer as complete: it is recovered or ends as a typed error',
  },
];
