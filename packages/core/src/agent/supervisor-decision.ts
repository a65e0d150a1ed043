import * as z from 'zod';
import type { SupervisorAction } from '../events.js';
import type { Message, ToolCall } from '../model/messages.js';
import type { Tool } from '../tools/tool.js';
import { ASK_USER, PLAN_WORKFLOW } from './builtin-names.js';
import { WorkflowStepSchema } from './workflow-definition.js';

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
export const SupervisorDecisionSchema = z
  .object({
    action: z
      .preprocess(
        (value) => (typeof value === 'string' ? (ACTION_ALIASES[value.toLowerCase()] ?? value) : value),
        z.enum(['answer', 'call_tool', 'workflow', 'clarify']),
      )
      .describe('answer | call_tool | workflow | clarify'),
    reasoning: z.string().describe('One short sentence: why this action'),
    response: z.string().optional().describe('answer: the reply to the user'),
    tool: z.string().optional().describe('call_tool: the tool name'),
    params: z.record(z.string(), z.unknown()).optional().describe('call_tool: the tool arguments'),
    goal: z.string().optional().describe('workflow: what the plan achieves'),
    steps: z.array(WorkflowStepSchema).optional().describe('workflow: the steps'),
    question: z.string().optional().describe('clarify: the question for the user'),
  })
  .superRefine((d, ctx) => {
    const need = (field: keyof typeof d) => {
      if (d[field] === undefined)
        ctx.addIssue({ code: 'custom', path: [field], message: `required for action "${d.action}"` });
    };
    if (d.action === 'answer') need('response');
    if (d.action === 'call_tool') need('tool');
    if (d.action === 'workflow') {
      need('goal');
      need('steps');
    }
    if (d.action === 'clarify') need('question');
  });

/** A parsed {@link SupervisorDecisionSchema} value. */
export type SupervisorDecision = z.infer<typeof SupervisorDecisionSchema>;

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
