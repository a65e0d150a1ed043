import type { ToolSpec } from '../model/chat-model.js';
import { ASK_USER, PLAN_WORKFLOW } from './builtin-names.js';
import type { RunSettings } from './run-settings.js';

const askUserSpec: ToolSpec = {
  name: ASK_USER,
  description:
    'Ask the user a question when the request is ambiguous or misses something only they know. Ends your turn; their answer comes as the next message.',
  parameters: {
    type: 'object',
    properties: { question: { type: 'string', description: 'One clear question' } },
    required: ['question'],
    additionalProperties: false,
  },
};

/**
 * The built-in control tools this agent offers: `plan_workflow` (its spec given by the caller, which loads
 * it only when workflows are on) and `ask_user`, when enabled.
 */
export function builtinToolSpecs(settings: RunSettings, planWorkflow?: ToolSpec): ToolSpec[] {
  const specs: ToolSpec[] = [];
  if (planWorkflow && settings.workflows && settings.tools.size > 0 && !settings.tools.has(PLAN_WORKFLOW))
    specs.push(planWorkflow);
  if (settings.clarify && !settings.tools.has(ASK_USER)) specs.push(askUserSpec);
  return specs;
}
