import type { ToolSpec } from '../model/chat-model.js';
import { PLAN_WORKFLOW } from './builtin-names.js';
import { WORKFLOW_DEFINITION_JSON_SCHEMA } from './workflow-json-schema.js';

let spec: ToolSpec | undefined;

/** The `plan_workflow` tool as offered to the model: its arguments are a workflow definition. */
export function planWorkflowSpec(): ToolSpec {
  spec ??= {
    name: PLAN_WORKFLOW,
    description:
      'Plan and run several tool steps at once when a request needs more than one tool. Steps without ' +
      'dependencies between them run in parallel. Inputs may use {{user_query}}, {{step_id.output}} and ' +
      "{{step_id.output.field}}; list every step whose output you use in dependsOn. Returns every step's output.",
    parameters: structuredClone(WORKFLOW_DEFINITION_JSON_SCHEMA),
  };
  return spec;
}
