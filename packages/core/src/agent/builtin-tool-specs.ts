import * as z from 'zod';
import type { ToolSpec } from '../model/chat-model.js';
import type { RunSettings } from './run-settings.js';
import { ASK_USER, PLAN_WORKFLOW, WorkflowDefinitionSchema } from './workflow-definition.js';

const planWorkflowSpec: ToolSpec = {
  name: PLAN_WORKFLOW,
  description:
    'Plan and run several tool steps at once when a request needs more than one tool. Steps without ' +
    'dependencies between them run in parallel. Inputs may use {{user_query}}, {{step_id.output}} and ' +
    "{{step_id.output.field}}; list every step whose output you use in dependsOn. Returns every step's output.",
  parameters: jsonSchema(WorkflowDefinitionSchema),
};

const askUserSpec: ToolSpec = {
  name: ASK_USER,
  description:
    'Ask the user a question when the request is ambiguous or misses something only they know. Ends your turn; their answer comes as the next message.',
  parameters: jsonSchema(z.object({ question: z.string().describe('One clear question') })),
};

/** The built-in control tools this agent offers: `plan_workflow` and `ask_user`, when enabled. */
export function builtinToolSpecs(settings: RunSettings): ToolSpec[] {
  const specs: ToolSpec[] = [];
  if (settings.workflows && settings.tools.size > 0 && !settings.tools.has(PLAN_WORKFLOW))
    specs.push(planWorkflowSpec);
  if (settings.clarify && !settings.tools.has(ASK_USER)) specs.push(askUserSpec);
  return specs;
}

function jsonSchema(schema: z.ZodType): Record<string, unknown> {
  const out = z.toJSONSchema(schema, { target: 'draft-7', unrepresentable: 'any', io: 'input' }) as Record<
    string,
    unknown
  >;
  delete out.$schema;
  return out;
}
