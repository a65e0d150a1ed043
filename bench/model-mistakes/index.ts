import { join } from 'node:path';
import { AGENT_CHAT, type Benchmark, type Measurement } from '../lib/benchmark.ts';
import { importBundled } from '../lib/import-bundled.ts';
import { peerSubject } from '../lib/installed-version.ts';
import { CLASSES, TASKS } from './classes.ts';
import { IDLE_MS, TURN_BUDGET } from './limits.ts';
import type { TaskResult } from './measure.ts';

const here = import.meta.dirname;
/** Model calls of a task without any mistake: the tool call and the answer. */
const BASE_CALLS = 2;

export const benchmark: Benchmark = {
  description:
    `Recovery from small models’ mistakes: ${CLASSES.length} classes (${CLASSES.map((c) => c.id).join(', ')}) × ` +
    `${TASKS.length} tasks, each through agent-chat's loop (\`createAgent\` + \`openAICompatible\`) and the AI SDK's ` +
    '`streamText` tool loop (`@ai-sdk/openai-compatible`), against the same scripted OpenAI-compatible server and the ' +
    'same `add` tool, in one process. A task is recovered when its final answer is exactly right and the tool ran; ' +
    '`recovered_tasks_<class>` counts them, `model_calls_max_<class>` is the most model calls (HTTP requests) a task took ' +
    `(${BASE_CALLS} without a mistake).`,
  method:
    'test/model-server (its `respondWith` responder) plays a simulated small model per task: it reads the conversation, ' +
    'makes the class’s one mistake the first time it reaches that phase (calling the tool, or answering from its result), ' +
    'then calls `add` right and answers "a + b = sum." from the last tool result; the repeated-call model calls again after ' +
    'every result until a tool error tells it otherwise. Endpoint faults are scripted turns of the same server (503, 429 ' +
    'with Retry-After: 1, headers then 3 s of silence); the refused connection is the first request sent to a port nothing ' +
    'listens on, through the `fetch` both loops are given (which also counts their requests). Same limits for both: ' +
    `${TURN_BUDGET} model calls (\`limits.maxTurns\` / \`stopWhen: stepCountIs(${TURN_BUDGET})\`), idle limit ${IDLE_MS} ms ` +
    '(`timeouts.idleMs` / `timeout: { firstChunkMs, chunkMs }`), each library’s default retries; the same zod schema for ' +
    '`add`. A task still running after 20 s counts as hung. Tasks run one at a time, agent-chat then the AI SDK per task. ' +
    'Counts are deterministic; the per-task log is printed while it runs.',
  async run(context) {
    const aiSdk = peerSubject(here, 'ai', '@ai-sdk/openai-compatible');
    const { measure } = await importBundled<{
      measure: (log: (line: string) => void) => Promise<TaskResult[]>;
    }>(join(here, 'measure.ts'));
    const results = await measure(context.log);
    const rows: Measurement[] = [];
    for (const [key, subject] of [
      ['agent-chat', AGENT_CHAT],
      ['ai-sdk', aiSdk],
    ] as const) {
      const mine = results.filter((r) => r.subject === key);
      let recoveredClasses = 0;
      for (const mistake of CLASSES) {
        const tasks = mine.filter((r) => r.mistake === mistake.id);
        const recovered = tasks.filter((r) => r.recovered).length;
        if (recovered === tasks.length) recoveredClasses++;
        rows.push(
          { subject, metric: `recovered_tasks_${mistake.id}`, value: recovered, unit: 'tasks' },
          {
            subject,
            metric: `model_calls_max_${mistake.id}`,
            value: Math.max(...tasks.map((r) => r.modelCalls)),
            unit: 'calls',
          },
        );
        const failures = tasks.filter((r) => !r.recovered);
        if (failures.length)
          context.note(
            `${subject}, ${mistake.id} (${mistake.what}): ${failures.length}/${tasks.length} not recovered — ${describe(failures[0]!)}`,
          );
      }
      const once = mine.filter((r) => r.recovered && !CLASSES.find((c) => c.id === r.mistake)!.repeats);
      const repeated = mine.filter((r) => CLASSES.find((c) => c.id === r.mistake)!.repeats);
      rows.push(
        {
          subject,
          metric: 'recovered_classes',
          value: recoveredClasses,
          unit: `of ${CLASSES.length} classes`,
        },
        {
          subject,
          metric: 'unrecovered_tasks',
          value: mine.filter((r) => !r.recovered).length,
          unit: 'tasks',
        },
        {
          subject,
          metric: 'untyped_failures',
          value: mine.filter((r) => !r.recovered && (r.hung || !r.error?.code)).length,
          unit: 'tasks',
        },
        {
          subject,
          metric: 'max_extra_model_calls_per_mistake',
          value: once.length ? Math.max(...once.map((r) => r.modelCalls - BASE_CALLS)) : -1,
          unit: 'calls',
        },
        {
          subject,
          metric: 'repeated_call_max_model_calls',
          value: Math.max(...repeated.map((r) => r.modelCalls)),
          unit: 'calls',
        },
      );
    }
    return rows;
  },
};

function describe(result: TaskResult): string {
  if (result.hung) return 'hung until the 20 s limit';
  if (result.error)
    return `ended with ${result.error.code ?? 'an untyped error'}: ${result.error.message.slice(0, 160)}`;
  return `answered ${JSON.stringify(result.answer?.slice(0, 80))} as complete after ${result.modelCalls} calls`;
}
