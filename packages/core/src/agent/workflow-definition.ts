import { fromJSONSchema } from '../tools/json-schema-type.js';
import { formatIssues } from '../tools/standard-schema.js';
import { ASK_USER, PLAN_WORKFLOW } from './builtin-names.js';
import { WORKFLOW_DEFINITION_JSON_SCHEMA, withStepDefaults } from './workflow-json-schema.js';
import { templateRefs } from './workflow-template.js';

export { WORKFLOW_STEP_JSON_SCHEMA, withStepDefaults } from './workflow-json-schema.js';

/** One step of a workflow: a tool run with templated input once its dependencies are done. */
export interface WorkflowStep {
  /** Letters, digits, `_` or `-` (e.g. `step_1`). */
  id: string;
  /** Short label shown to the user. */
  name: string;
  /** Name of the tool this step runs. */
  tool: string;
  /** Tool arguments; strings may use `{{user_query}}`, `{{step_1.output}}`, `{{step_1.output.field}}`. */
  input: Record<string, unknown>;
  /** Ids of the steps whose output this step uses. */
  dependsOn: string[];
  /** Tool to run with the same input if this step fails. */
  fallback?: string | undefined;
}

/** A validated plan `{ goal, steps: [{ id, name, tool, input, dependsOn }] }`. */
export interface WorkflowDefinition {
  goal: string;
  steps: WorkflowStep[];
}

/**
 * A multi-step plan: `plan_workflow`'s arguments and the JSON decision's `goal` + `steps`. A Standard
 * Schema (with JSON Schema), so it works with {@link structured} and any Standard Schema consumer.
 */
export const WorkflowDefinitionSchema = fromJSONSchema<WorkflowDefinition>(WORKFLOW_DEFINITION_JSON_SCHEMA, {
  prepare: (value) =>
    typeof value === 'object' && value !== null && 'steps' in value
      ? { ...value, steps: withStepDefaults(value.steps) }
      : value,
});

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
  const parsed = WorkflowDefinitionSchema['~standard'].validate(value);
  // The plan's schema is one the fast check takes, so this is synchronous (workflow-definition.test.ts).
  if (parsed instanceof Promise) throw new Error('the workflow schema needs the slow JSON Schema check');
  if (parsed.issues) return { ok: false, errors: parsed.issues.map((issue) => formatIssues([issue])) };
  const workflow = parsed.value;
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
