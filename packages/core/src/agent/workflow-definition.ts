import * as z from 'zod';
import { ASK_USER, PLAN_WORKFLOW } from './builtin-names.js';
import { templateRefs } from './workflow-template.js';

/** One step of a workflow: a tool run with templated input once its dependencies are done. */
export const WorkflowStepSchema = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, 'use letters, digits, "_" or "-" (e.g. "step_1")'),
  name: z.string().min(1).describe('Short label shown to the user'),
  tool: z.string().min(1).describe('Name of the tool this step runs'),
  input: z
    .record(z.string(), z.unknown())
    .default({})
    .describe('Tool arguments; strings may use {{user_query}}, {{step_1.output}}, {{step_1.output.field}}'),
  dependsOn: z.array(z.string()).default([]).describe('Ids of the steps whose output this step uses'),
  fallback: z.string().optional().describe('Tool to run with the same input if this step fails'),
});

/** A multi-step plan: `plan_workflow`'s arguments and the JSON decision's `goal` + `steps`. */
export const WorkflowDefinitionSchema = z.object({
  goal: z.string().min(1).describe('What the workflow achieves'),
  steps: z.array(WorkflowStepSchema).min(1).max(20),
});

/** One step of a {@link WorkflowDefinition}. */
export type WorkflowStep = z.infer<typeof WorkflowStepSchema>;
/** A validated plan `{ goal, steps: [{ id, name, tool, input, dependsOn }] }`. */
export type WorkflowDefinition = z.infer<typeof WorkflowDefinitionSchema>;

/** The outcome of {@link validateWorkflow}: the batches to run, or every problem found. */
export type WorkflowValidation =
  | { ok: true; workflow: WorkflowDefinition; batches: string[][] }
  | { ok: false; errors: string[] };

/**
 * Checks a plan before anything runs: its shape, unique ids, known tools, dependencies that exist,
 * templates that only reference steps listed in `dependsOn`, and no cycle. Returns the steps grouped in
 * topological batches (the steps of a batch do not depend on each other and run in parallel).
 * Errors are sentences the model can act on.
 */
export function validateWorkflow(
  value: unknown,
  toolNames: ReadonlySet<string>,
  needApproval: ReadonlySet<string> = new Set(),
): WorkflowValidation {
  const parsed = WorkflowDefinitionSchema.safeParse(value);
  if (!parsed.success)
    return {
      ok: false,
      errors: parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`),
    };
  const workflow = parsed.data;
  const errors: string[] = [];
  const ids = new Set<string>();
  for (const step of workflow.steps) {
    if (ids.has(step.id)) errors.push(`step id "${step.id}" is used twice; ids must be unique.`);
    ids.add(step.id);
  }
  const available = [...toolNames].join(', ') || 'none';
  for (const step of workflow.steps) {
    if (step.tool === PLAN_WORKFLOW || step.tool === ASK_USER)
      errors.push(`step "${step.id}" uses ${step.tool}, which cannot be a workflow step.`);
    else if (!toolNames.has(step.tool))
      errors.push(`step "${step.id}" uses unknown tool "${step.tool}". Available tools: ${available}.`);
    else if (needApproval.has(step.tool))
      errors.push(
        `step "${step.id}" uses ${step.tool}, which needs the user's approval; call it directly, not in a workflow.`,
      );
    if (step.fallback !== undefined && !toolNames.has(step.fallback))
      errors.push(`step "${step.id}" has unknown fallback tool "${step.fallback}".`);
    for (const dep of step.dependsOn) {
      if (dep === step.id) errors.push(`step "${step.id}" depends on itself.`);
      else if (!ids.has(dep)) errors.push(`step "${step.id}" depends on "${dep}", which is not a step.`);
    }
    for (const ref of templateRefs(step.input)) {
      if (!ids.has(ref))
        errors.push(`step "${step.id}" references {{${ref}…}}, but there is no step "${ref}".`);
      else if (!step.dependsOn.includes(ref))
        errors.push(`step "${step.id}" uses the output of "${ref}" but does not list it in dependsOn.`);
    }
  }
  if (errors.length > 0) return { ok: false, errors };
  const batches = topologicalBatches(workflow.steps);
  if (!batches.ok) return { ok: false, errors: [`the steps ${batches.cycle.join(', ')} form a cycle.`] };
  return { ok: true, workflow, batches: batches.batches };
}

/** Kahn's algorithm by layers: each layer holds the steps whose dependencies are all in earlier layers. */
function topologicalBatches(
  steps: readonly WorkflowStep[],
): { ok: true; batches: string[][] } | { ok: false; cycle: string[] } {
  const remaining = new Map(steps.map((s) => [s.id, new Set(s.dependsOn)]));
  const batches: string[][] = [];
  while (remaining.size > 0) {
    const ready = [...remaining].filter(([, deps]) => deps.size === 0).map(([id]) => id);
    if (ready.length === 0) return { ok: false, cycle: [...remaining.keys()] };
    for (const id of ready) remaining.delete(id);
    for (const deps of remaining.values()) for (const id of ready) deps.delete(id);
    batches.push(ready);
  }
  return { ok: true, batches };
}
