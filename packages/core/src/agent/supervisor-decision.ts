import type { SupervisorAction } from '../events.js';
import type { Message, ToolCall } from '../model/messages.js';
import { fromJSONSchema } from '../tools/json-schema-type.js';
import type { Tool } from '../tools/tool.js';
import { ASK_USER, PLAN_WORKFLOW } from './builtin-names.js';
import { WORKFLOW_STEP_JSON_SCHEMA, type WorkflowStep, withStepDefaults } from './workflow-definition.js';

const ACTION_ALIASES: Record<string, SupervisorAction> = {
  answer: 'answer',
  call_tool: 'call_tool',
  workflow: 'workflow',
  create_workflow: 'workflow',
  clarify: 'clarify',
};

/**
 * The supervisor's decision in JSON mode (models without native tool calling): one of the four
 * actions, a short reason, and the fields that action needs.
 */
export interface SupervisorDecision {
  action: SupervisorAction;
  /** One short sentence: why this action. */
  reasoning: string;
  /** answer: the reply to the user. */
  response?: string | undefined;
  /** call_tool: the tool name. */
  tool?: string | undefined;
  /** call_tool: the tool arguments. */
  params?: Record<string, unknown> | undefined;
  /** workflow: what the plan achieves. */
  goal?: string | undefined;
  /** workflow: the steps. */
  steps?: WorkflowStep[] | undefined;
  /** clarify: the question for the user. */
  question?: string | undefined;
}

const NEEDS: Record<SupervisorAction, (keyof SupervisorDecision)[]> = {
  answer: ['response'],
  call_tool: ['tool'],
  workflow: ['goal', 'steps'],
  clarify: ['question'],
};

/** Schema of a {@link SupervisorDecision} (a Standard Schema with JSON Schema); accepts action aliases. */
export const SupervisorDecisionSchema = fromJSONSchema<SupervisorDecision>(
  {
    type: 'object',
    properties: {
      action: {
        type: 'string',
        enum: ['answer', 'call_tool', 'workflow', 'clarify'],
        description: 'answer | call_tool | workflow | clarify',
      },
      reasoning: { type: 'string', description: 'One short sentence: why this action' },
      response: { type: 'string', description: 'answer: the reply to the user' },
      tool: { type: 'string', description: 'call_tool: the tool name' },
      params: { type: 'object', additionalProperties: {}, description: 'call_tool: the tool arguments' },
      goal: { type: 'string', description: 'workflow: what the plan achieves' },
      steps: { type: 'array', items: WORKFLOW_STEP_JSON_SCHEMA, description: 'workflow: the steps' },
      question: { type: 'string', description: 'clarify: the question for the user' },
    },
    required: ['action', 'reasoning'],
  },
  {
    prepare(value) {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
      const decision: Record<string, unknown> = { ...value };
      if (typeof decision.action === 'string')
        decision.action = ACTION_ALIASES[decision.action.toLowerCase()] ?? decision.action;
      if ('steps' in decision) decision.steps = withStepDefaults(decision.steps);
      return decision;
    },
    refine: (decision) =>
      NEEDS[decision.action]
        .filter((field) => decision[field] === undefined)
        .map((field) => ({ path: [field], message: `required for action "${decision.action}"` })),
  },
);

/** The instructions a JSON-mode model gets: the actions it may take and the tools it may call. */
export function decisionInstructions(
  tools: readonly Tool[],
  allow: { workflows: boolean; clarify: boolean },
): string {
  const lines = [
    'Decide the next action and reply with one JSON object.',
    'Actions:',
    '- "answer": reply to the user now; put the reply in "response".',
  ];
  if (tools.length > 0) lines.push('- "call_tool": run one tool; set "tool" and "params".');
  if (allow.workflows && tools.length > 0)
    lines.push(
      '- "workflow": plan several tool steps; set "goal" and "steps" [{id, name, tool, input, dependsOn}]; inputs may use {{user_query}} and {{step_id.output}}.',
    );
  if (allow.clarify) lines.push('- "clarify": ask the user a question; set "question".');
  if (tools.length > 0) {
    lines.push('Tools:');
    for (const tool of tools)
      lines.push(`- ${tool.name}: ${tool.description} Parameters: ${JSON.stringify(tool.jsonSchema)}`);
  }
  lines.push('Tool results appear as user messages starting with "Tool result".');
  return lines.join('\n');
}

/** Turns a JSON decision into what native tool calling would have produced: text or one tool call. */
export function decisionToTurn(
  decision: SupervisorDecision,
  id: string,
): { text: string; toolCalls: ToolCall[] } {
  switch (decision.action) {
    case 'answer':
      return { text: decision.response ?? '', toolCalls: [] };
    case 'call_tool':
      return {
        text: '',
        toolCalls: [{ id, name: decision.tool!, arguments: JSON.stringify(decision.params ?? {}) }],
      };
    case 'workflow':
      return {
        text: '',
        toolCalls: [
          {
            id,
            name: PLAN_WORKFLOW,
            arguments: JSON.stringify({ goal: decision.goal, steps: decision.steps }),
          },
        ],
      };
    case 'clarify':
      return {
        text: '',
        toolCalls: [{ id, name: ASK_USER, arguments: JSON.stringify({ question: decision.question }) }],
      };
  }
}

/**
 * The conversation as a model without tool calling can read it: tool calls become the assistant's JSON
 * decisions and tool results become user messages.
 */
export function toJsonModeMessages(messages: readonly Message[]): Message[] {
  return messages.map((m): Message => {
    if (m.role === 'assistant' && m.toolCalls?.length)
      return {
        role: 'assistant',
        content: m.toolCalls
          .map((call) =>
            JSON.stringify({ action: 'call_tool', tool: call.name, params: safeParse(call.arguments) }),
          )
          .join('\n'),
      };
    if (m.role === 'tool') return { role: 'user', content: `Tool result (${m.toolName}): ${m.content}` };
    return m;
  });
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
