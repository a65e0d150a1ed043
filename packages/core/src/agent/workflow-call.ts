import type { Message, ToolCall } from '../model/messages.js';
import { executeTool, type ToolCallOutcome } from '../tools/execute-tool-call.js';
import { PLAN_WORKFLOW } from './builtin-names.js';
import type { RunContext, RunSettings } from './run-settings.js';
import { parseArgs, reportOutcome, toolContext } from './tool-context.js';
import { validateWorkflow } from './workflow-definition.js';
import { executeWorkflow } from './workflow-executor.js';

/**
 * Handles a `plan_workflow` call: validates the plan (errors go back to the model so it can fix it),
 * then runs it and returns every step's outcome as one observation.
 */
export async function runWorkflowCall(
  call: ToolCall,
  settings: RunSettings,
  run: RunContext,
  turn: number,
): Promise<Message> {
  const started = performance.now();
  const reply = (outcome: ToolCallOutcome): Message => {
    reportOutcome(run, call.id, call.name, outcome, performance.now() - started);
    return { role: 'tool', toolCallId: call.id, toolName: call.name, content: outcome.content };
  };
  const args = parseArgs(call.arguments);
  run.log('tool.call', { toolCallId: call.id, name: call.name, args });
  // Steps run unattended, so tools that need the user's approval cannot be steps.
  const needApproval = new Set(
    [...settings.tools.values()].filter((t) => t.needsApproval).map((t) => t.name),
  );
  const validation = validateWorkflow(args, new Set(settings.tools.keys()), needApproval);
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
      run.emit({ type: 'tool.start', turn, toolCallId, name: tool, args: stepArgs, stepId: step.id });
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
