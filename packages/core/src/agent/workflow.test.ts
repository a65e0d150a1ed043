import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import type { ModelRequest } from '../model/chat-model.js';
import { collect, ofType } from '../test/collect.js';
import { mockModel } from '../test/mock-model.js';
import { rewriteQueryTool } from '../tools/operators/rewrite-query-tool.js';
import { synthesizeTool } from '../tools/operators/synthesize-tool.js';
import { defineTool } from '../tools/tool.js';
import { createAgent } from './create-agent.js';
import { validateWorkflow } from './workflow-definition.js';
import { resolveInput } from './workflow-template.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const search = (name: string, delayMs: number) =>
  defineTool({
    name,
    description: `Searches ${name}.`,
    parameters: z.object({ query: z.string() }),
    execute: async ({ query }) => {
      await sleep(delayMs);
      return { results: [`${name}: ${query}`] };
    },
  });

const plan = (steps: unknown[], goal = 'Compare prices') => ({
  toolCalls: [{ id: 'plan', name: 'plan_workflow', arguments: { goal, steps } }],
});

const fourSteps = [
  { id: 'step_1', name: 'Rewrite', tool: 'rewrite_query', input: { query: '{{user_query}}' } },
  {
    id: 'step_2',
    name: 'Docs',
    tool: 'search_docs',
    input: { query: '{{step_1.output.query}}' },
    dependsOn: ['step_1'],
  },
  {
    id: 'step_3',
    name: 'Web',
    tool: 'search_web',
    input: { query: 'web {{step_1.output.query}}' },
    dependsOn: ['step_1'],
  },
  {
    id: 'step_4',
    name: 'Synthesize',
    tool: 'synthesize',
    input: {
      question: '{{user_query}}',
      sources: ['{{step_2.output.results}}', '{{step_3.output}}'],
    },
    dependsOn: ['step_2', 'step_3'],
  },
];

/** The supervisor's script, plus answers for the operators (they call the same model). */
function workflowModel(supervisor: Array<(r: ModelRequest) => object>) {
  let turn = 0;
  return mockModel([
    (request) => {
      const system = String(request.messages[0]?.content ?? '');
      if (system.startsWith("Rewrite the user's text")) return { text: 'our prices vs rivals' };
      if (system.startsWith('Answer the question using only'))
        return { text: `synthesis of ${request.messages[1]?.content.split('Sources:\n')[1]}` };
      return supervisor[Math.min(turn++, supervisor.length - 1)]!(request);
    },
  ]);
}

describe('workflows', () => {
  it('runs a 4-step DAG: steps 2 and 3 overlap in time, step 4 waits for both', async () => {
    const model = workflowModel([() => plan(fourSteps), () => ({ text: 'Here is the comparison.' })]);
    const agent = createAgent({
      model,
      tools: [rewriteQueryTool, search('search_docs', 80), search('search_web', 80), synthesizeTool],
      workflows: true,
    });
    const events = await collect(agent.run({ message: 'How do our prices compare?' }));
    expect(model.requests[0]?.tools?.map((t) => t.name)).toContain('plan_workflow');
    expect(ofType(events, 'supervisor.decided')[0]).toMatchObject({ action: 'workflow' });
    expect(ofType(events, 'workflow.created')[0]).toMatchObject({
      goal: 'Compare prices',
      batches: [['step_1'], ['step_2', 'step_3'], ['step_4']],
    });
    const start = Object.fromEntries(ofType(events, 'workflow.step.start').map((e) => [e.stepId, e.ts]));
    const end = Object.fromEntries(ofType(events, 'workflow.step.complete').map((e) => [e.stepId, e.ts]));
    expect(start.step_2!).toBeLessThan(end.step_3!);
    expect(start.step_3!).toBeLessThan(end.step_2!);
    expect(start.step_4!).toBeGreaterThanOrEqual(Math.max(end.step_2!, end.step_3!));
    expect(ofType(events, 'workflow.step.complete').every((e) => e.status === 'done')).toBe(true);
    expect(ofType(events, 'workflow.complete')[0]).toMatchObject({ status: 'done' });
    // Each step got only its mapped inputs.
    const args = Object.fromEntries(ofType(events, 'tool.start').map((e) => [e.stepId ?? e.name, e.args]));
    expect(args.step_2).toEqual({ query: 'our prices vs rivals' });
    expect(args.step_3).toEqual({ query: 'web our prices vs rivals' });
    expect(args.step_4).toEqual({
      question: 'How do our prices compare?',
      sources: [['search_docs: our prices vs rivals'], { results: ['search_web: web our prices vs rivals'] }],
    });
    // The model gets every step's output as one observation, then answers.
    const observation = JSON.parse(String(model.requests.at(-1)?.messages.at(-1)?.content));
    expect(observation.status).toBe('done');
    expect(observation.steps.step_4.output).toMatch(/^synthesis of \[1\] \["search_docs/);
    expect(ofType(events, 'response.done')[0]?.text).toBe('Here is the comparison.');
  });

  it('returns an invalid plan (cycle, unknown tool) to the model, which fixes it on the next turn', async () => {
    const bad = [
      { id: 'a', name: 'A', tool: 'search_docs', input: { query: '{{b.output}}' }, dependsOn: ['b'] },
      { id: 'b', name: 'B', tool: 'search_docs', input: { query: '{{a.output}}' }, dependsOn: ['a'] },
      { id: 'c', name: 'C', tool: 'fly_to_moon', input: {} },
    ];
    const good = [{ id: 'a', name: 'A', tool: 'search_docs', input: { query: '{{user_query}}' } }];
    const model = workflowModel([() => plan(bad), () => plan(good), () => ({ text: 'Fixed and done.' })]);
    const events = await collect(
      createAgent({ model, tools: [search('search_docs', 1)], workflows: true }).run({ message: 'q' }),
    );
    const feedback = model.requests[1]?.messages.at(-1);
    expect(feedback).toMatchObject({ role: 'tool', toolName: 'plan_workflow' });
    expect(feedback?.content).toMatch(/unknown tool "fly_to_moon"/);
    expect(ofType(events, 'tool.error')[0]?.name).toBe('plan_workflow');
    expect(ofType(events, 'workflow.created')).toHaveLength(1);
    expect(ofType(events, 'workflow.complete')[0]).toMatchObject({ status: 'done' });
    expect(events.at(-1)).toMatchObject({ status: 'completed', turns: 3 });

    const cycle = validateWorkflow({ goal: 'g', steps: bad.slice(0, 2) }, new Set(['search_docs']));
    expect(cycle).toEqual({ ok: false, errors: ['the steps a, b form a cycle.'] });
  });

  it('validates dangling references and templates missing from dependsOn', () => {
    const tools = new Set(['t']);
    const result = validateWorkflow(
      {
        goal: 'g',
        steps: [
          { id: 's1', name: 'one', tool: 't', input: {}, dependsOn: ['ghost'] },
          { id: 's2', name: 'two', tool: 't', input: { q: '{{s1.output.x}}', r: '{{nope}}' } },
          { id: 's3', name: 'three', tool: 'plan_workflow', input: {} },
        ],
      },
      tools,
    );
    expect(result.ok).toBe(false);
    expect(!result.ok && result.errors).toEqual([
      'step "s1" depends on "ghost", which is not a step.',
      'step "s2" uses the output of "s1" but does not list it in dependsOn.',
      'step "s2" references {{nope…}}, but there is no step "nope".',
      'step "s3" uses plan_workflow, which cannot be a workflow step.',
    ]);
    expect(validateWorkflow({ goal: 'g', steps: [] }, tools)).toMatchObject({ ok: false });
    expect(
      validateWorkflow({ goal: 'g', steps: [{ id: 'p', name: 'Pay', tool: 't' }] }, tools, new Set(['t'])),
    ).toEqual({
      ok: false,
      errors: [`step "p" uses t, which needs the user's approval; call it directly, not in a workflow.`],
    });
  });

  it('fills templates: whole values keep their type, fields of JSON text are readable', () => {
    const outputs = new Map<string, unknown>([
      ['s1', '{"query":"cats","n":2}'],
      ['s2', { list: [1, 2] }],
    ]);
    expect(
      resolveInput(
        {
          a: '{{s1.output.query}}',
          b: '{{s2.output}}',
          c: 'n={{s1.n}} of {{user_query}}',
          d: ['{{s2.list}}'],
        },
        { userQuery: 'hello', outputs },
      ),
    ).toEqual({ a: 'cats', b: { list: [1, 2] }, c: 'n=2 of hello', d: [[1, 2]] });
  });

  it('uses a failed step fallback, and skips the dependents of a step that fails without one', async () => {
    const broken = (name: string, fallback?: string) =>
      defineTool({
        name,
        description: 'Fails.',
        parameters: z.object({ query: z.string() }),
        ...(fallback ? { fallback } : {}),
        execute: () => {
          throw new Error(`${name} is down`);
        },
      });
    const steps = [
      { id: 'a', name: 'Primary', tool: 'primary', input: { query: 'x' } },
      { id: 'b', name: 'Flaky', tool: 'flaky', input: { query: 'y' } },
      { id: 'c', name: 'After b', tool: 'backup', input: { query: '{{b.output}}' }, dependsOn: ['b'] },
      { id: 'd', name: 'After c', tool: 'backup', input: { query: '{{c.output}}' }, dependsOn: ['c'] },
    ];
    const model = workflowModel([() => plan(steps), () => ({ text: 'partial answer' })]);
    const events = await collect(
      createAgent({
        model,
        tools: [broken('primary', 'backup'), broken('flaky'), search('backup', 1)],
        workflows: true,
      }).run({ message: 'q' }),
    );
    const status = Object.fromEntries(
      ofType(events, 'workflow.step.complete').map((e) => [e.stepId, e.status]),
    );
    expect(status).toEqual({ a: 'fallback', b: 'failed', c: 'skipped', d: 'skipped' });
    expect(ofType(events, 'workflow.step.complete').find((e) => e.stepId === 'd')?.error).toMatch(
      /needs "c", which was skipped/,
    );
    expect(ofType(events, 'workflow.complete')[0]).toMatchObject({ status: 'partial' });
    const observation = JSON.parse(String(model.requests.at(-1)?.messages.at(-1)?.content));
    expect(observation.steps.a.output).toMatch(
      /primary failed: primary is down\. Result from its fallback backup/,
    );
    expect(observation.steps.b.output).toBe('Error: flaky is down');
  });

  it('caps how many steps of a batch run at once', async () => {
    let running = 0;
    let peak = 0;
    const slow = defineTool({
      name: 'slow',
      description: 'Slow.',
      parameters: z.object({}),
      execute: async () => {
        peak = Math.max(peak, ++running);
        await sleep(20);
        running--;
        return 'ok';
      },
    });
    const steps = Array.from({ length: 6 }, (_, i) => ({ id: `s${i}`, name: `S${i}`, tool: 'slow' }));
    const model = workflowModel([() => plan(steps), () => ({ text: 'done' })]);
    await collect(
      createAgent({ model, tools: [slow], workflows: true, limits: { maxParallelSteps: 2 } }).run({
        message: 'q',
      }),
    );
    expect(peak).toBe(2);
  });
});
