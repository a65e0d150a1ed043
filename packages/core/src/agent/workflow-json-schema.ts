// The JSON Schema of a workflow plan, apart from its validator: offering `plan_workflow` to a model needs
// only this, so the first chat does not download the JSON Schema validator (see workflow-definition.ts).

/** JSON Schema of one {@link WorkflowStep}, as the model reads it (`input` and `dependsOn` may be left out). */
export const WORKFLOW_STEP_JSON_SCHEMA = {
  type: 'object',
  properties: {
    id: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,40}$', description: 'Step id, e.g. "step_1"' },
    name: { type: 'string', minLength: 1, description: 'Short label shown to the user' },
    tool: { type: 'string', minLength: 1, description: 'Name of the tool this step runs' },
    input: {
      type: 'object',
      additionalProperties: {},
      default: {},
      description:
        'Tool arguments; strings may use {{user_query}}, {{step_1.output}}, {{step_1.output.field}}',
    },
    dependsOn: {
      type: 'array',
      items: { type: 'string' },
      default: [],
      description: 'Ids of the steps whose output this step uses',
    },
    fallback: { type: 'string', description: 'Tool to run with the same input if this step fails' },
  },
  required: ['id', 'name', 'tool'],
};

/** Fills the defaults of each step (`input: {}`, `dependsOn: []`) on a copy; leaves other values alone. */
export function withStepDefaults(steps: unknown): unknown {
  if (!Array.isArray(steps)) return steps;
  return steps.map((step) =>
    typeof step === 'object' && step !== null && !Array.isArray(step)
      ? { input: {}, dependsOn: [], ...step }
      : step,
  );
}

/** JSON Schema of a workflow definition `{ goal, steps }` (`plan_workflow`'s arguments). */
export const WORKFLOW_DEFINITION_JSON_SCHEMA = {
  type: 'object',
  properties: {
    goal: { type: 'string', minLength: 1, description: 'What the workflow achieves' },
    steps: { type: 'array', items: WORKFLOW_STEP_JSON_SCHEMA, minItems: 1, maxItems: 20 },
  },
  required: ['goal', 'steps'],
};
