import type { Message, ToolCall } from '../model/messages.js';
import { executeTool, executeToolCall, type ToolCallOutcome } from '../tools/execute-tool-call.js';
import type { ToolContext } from '../tools/tool.js';
import type { PendingRequest } from './run-checkpoint-store.js';
import type { RunContext, RunSettings } from './run-settings.js';
import { ASK_USER, PLAN_WORKFLOW, validateWorkflow } from './workflow-definition.js';
import { executeWorkflow } from './workflow-executor.js';

/** The tool calls of one turn once handled: results now, and requests that wait on the user. */
export interface TurnOutcome {
  results: Message[];
  pending: PendingRequest[];
}

/**
 * Handles the tool calls of one turn, all in parallel: `ask_user` becomes a clarification request,
 * tools that need approval become approval requests, `plan_workflow` validates and runs a workflow,
 * anything else runs fail-safe. Results keep the order of the calls.
 */
export async function runTurnCalls(
  calls: ToolCall[],
  settings: RunSettings,
  run: RunContext,
  turn: number,
): Promise<TurnOutcome> {
  const pending: PendingRequest[] = [];
  const immediate: ToolCall[] = [];
  for (const call of calls) {
    const request = pendingRequestFor(call, settings, run);
    if (request) pending.push(request);
    else immediate.push(call);
  }
  for (const call of immediate)
    run.emit({
      type: 'tool.start',
      turn,
      toolCallId: call.id,
      name: call.name,
      args: parseArgs(call.arguments),
    });
  const results = await Promise.all(
    immediate.map((call) =>
      call.name === PLAN_WORKFLOW && !settings.tools.has(PLAN_WORKFLOW)
        ? runWorkflowCall(call, settings, run)
        : runToolCall(call, settings, run),
    ),
  );
  return { results, pending };
}

/** Runs one ordinary tool call with its events and log records; returns the tool message. */
export async function runToolCall(call: ToolCall, settings: RunSettings, run: RunContext): Promise<Message> {
  run.log('tool.call', { toolCallId: call.id, name: call.name, args: parseArgs(call.arguments) });
  const started = performance.now();
  const outcome = await executeToolCall(call, settings.tools, toolContext(call.id, run, settings));
  reportOutcome(run, call.id, call.name, outcome, performance.now() - started);
  return { role: 'tool', toolCallId: call.id, toolName: call.name, content: outcome.content };
}

function pendingRequestFor(
  call: ToolCall,
  settings: RunSettings,
  run: RunContext,
): PendingRequest | undefined {
  const base = {
    requestId: `req_${crypto.randomUUID().replaceAll('-', '').slice(0, 16)}`,
    conversationId: run.conversationId,
    toolCallId: call.id,
    name: call.name,
    args: parseArgs(call.arguments),
  };
  if (call.name === ASK_USER && !settings.tools.has(ASK_USER)) {
    const args = base.args as { question?: unknown };
    const question =
      typeof args?.question === 'string' && args.question.trim() ? args.question : 'Could you tell me more?';
    return { ...base, kind: 'clarify', question };
  }
  if (settings.tools.get(call.name)?.needsApproval) return { ...base, kind: 'approval' };
  return undefined;
}

async function runWorkflowCall(call: ToolCall, settings: RunSettings, run: RunContext): Promise<Message> {
  const started = performance.now();
  const reply = (outcome: ToolCallOutcome): Message => {
    reportOutcome(run, call.id, call.name, outcome, performance.now() - started);
    return { role: 'tool', toolCallId: call.id, toolName: call.name, content: outcome.content };
  };
  const args = parseArgs(call.arguments);
  run.log('tool.call', { toolCallId: call.id, name: call.name, args });
  const stepTools = new Set([...settings.tools.values()].filter((t) => !t.needsApproval).map((t) => t.name));
  const validation = validateWorkflow(args, stepTools);
  if (!validation.ok) {
    const error = `the workflow plan is invalid: ${validation.errors.join(' ')} Fix the plan and call ${PLAN_WORKFLOW} again.`;
    run.log('workflow', { toolCallId: call.id, valid: false, errors: validation.errors });
    return reply({ ok: false, error, content: `Error: ${error}` });
  }
  const { workflow, batches } = validation;
  const workflowId = `wf_${crypto.randomUUID().replaceAll('-', '').slice(0, 12)}`;
  run.emit({
    type: 'workflow.created',
    workflowId,
    goal: workflow.goal,
    steps: workflow.steps.map(({ id, name, tool, dependsOn }) => ({ id, name, tool, dependsOn })),
    batches,
  });
  run.log('workflow', { toolCallId: call.id, workflowId, valid: true, workflow, batches });
  const result = await executeWorkflow(workflow, batches, {
    workflowId,
    userQuery: run.message,
    maxParallelSteps: settings.maxParallelSteps,
    signal: run.signal,
    emit: run.emit,
    runTool: async (step, tool, stepArgs) => {
      const toolCallId = `${workflowId}:${step.id}${tool === step.tool ? '' : `:${tool}`}`;
      run.emit({ type: 'tool.start', turn: 0, toolCallId, name: tool, args: stepArgs, stepId: step.id });
      run.log('tool.call', { toolCallId, name: tool, args: stepArgs, stepId: step.id });
      const stepStarted = performance.now();
      const outcome = await executeTool(
        tool,
        stepArgs,
        settings.tools,
        toolContext(toolCallId, run, settings),
      );
      reportOutcome(run, toolCallId, tool, outcome, performance.now() - stepStarted);
      return outcome;
    },
  });
  const observation = JSON.stringify({
    goal: workflow.goal,
    status: result.status,
    steps: Object.fromEntries(
      workflow.steps.map((s) => {
        const r = result.steps[s.id];
        return [
          s.id,
          r ? { name: s.name, status: r.status, output: r.content } : { name: s.name, status: 'not run' },
        ];
      }),
    ),
  });
  return reply(
    result.status === 'failed'
      ? { ok: false, error: 'every step of the workflow failed', content: observation }
      : { ok: true, result, content: observation },
  );
}

function toolContext(toolCallId: string, run: RunContext, settings: RunSettings): ToolContext {
  return {
    ...(settings.memory !== undefined ? { memory: settings.memory } : {}),
    ...(settings.mcp !== undefined ? { mcp: settings.mcp } : {}),
    signal: run.signal,
    toolCallId,
    runId: run.runId,
    model: run.model,
    emit: (emission) => {
      if (emission.type === 'content')
        run.emit({ type: 'tool.content', toolCallId, content: emission.content });
      else
        run.emit({
          type: 'tool.progress',
          toolCallId,
          progress: emission.progress,
          ...(emission.total !== undefined ? { total: emission.total } : {}),
          ...(emission.message !== undefined ? { message: emission.message } : {}),
        });
    },
  };
}

function reportOutcome(
  run: RunContext,
  toolCallId: string,
  name: string,
  outcome: ToolCallOutcome,
  durationMs: number,
) {
  if (outcome.ok)
    run.emit({
      type: 'tool.complete',
      toolCallId,
      name,
      result: outcome.result,
      content: outcome.content,
      durationMs,
    });
  else run.emit({ type: 'tool.error', toolCallId, name, error: outcome.error, durationMs });
  run.log('tool.result', {
    toolCallId,
    name,
    ok: outcome.ok,
    content: outcome.content,
    durationMs: Math.round(durationMs),
    ...(outcome.ok && outcome.fallback ? { fallback: outcome.fallback } : {}),
  });
}

/** Arguments as shown in events: parsed JSON, or the raw text when it is not JSON. */
export function parseArgs(raw: string): unknown {
  try {
    return raw.trim() ? JSON.parse(raw) : {};
  } catch {
    return raw;
  }
}
