import type { AgentEventBody, WorkflowStepStatus } from '../events.js';
import type { ToolCallOutcome } from '../tools/execute-tool-call.js';
import { isToolOutput } from '../tools/tool-output-mark.js';
import type { WorkflowDefinition, WorkflowStep } from './workflow-definition.js';
import { resolveInput } from './workflow-template.js';

/** How one step ended, as the model reads it in the workflow's observation. */
export interface StepResult {
  status: WorkflowStepStatus;
  /** What the model reads of the step's result (or its error). */
  content: string;
  error?: string;
}

/** What the executor needs from the run. */
export interface WorkflowRuntime {
  workflowId: string;
  userQuery: string;
  /** Steps of one batch running at once; default 4. */
  maxParallelSteps: number;
  signal: AbortSignal;
  emit: (body: AgentEventBody) => void;
  /** Runs one tool call for a step (events, timeout, fallback are the caller's). */
  runTool: (step: WorkflowStep, tool: string, args: unknown) => Promise<ToolCallOutcome>;
}

/** The whole run of a workflow: per-step results and the overall status. */
export interface WorkflowResult {
  status: 'done' | 'partial' | 'failed';
  steps: Record<string, StepResult>;
}

/**
 * Runs a validated workflow batch by batch, the steps of a batch in parallel (at most
 * `maxParallelSteps` at once). A failed step tries its own `fallback` tool; if that fails too, every
 * step depending on it is skipped and reported, and independent steps still run.
 */
export async function executeWorkflow(
  workflow: WorkflowDefinition,
  batches: string[][],
  runtime: WorkflowRuntime,
): Promise<WorkflowResult> {
  const started = performance.now();
  const byId = new Map(workflow.steps.map((s) => [s.id, s]));
  const outputs = new Map<string, unknown>();
  const results: Record<string, StepResult> = {};
  for (const [batchIndex, batch] of batches.entries()) {
    await pool(batch, runtime.maxParallelSteps, async (id) => {
      if (runtime.signal.aborted) return;
      const step = byId.get(id)!;
      const stepStarted = performance.now();
      const blocker = step.dependsOn.find((dep) => !isUsable(results[dep]?.status));
      runtime.emit({
        type: 'workflow.step.start',
        workflowId: runtime.workflowId,
        stepId: id,
        name: step.name,
        tool: step.tool,
        batch: batchIndex,
      });
      let result: StepResult;
      if (blocker) {
        const error = `skipped: it needs "${blocker}", which ${results[blocker]?.status === 'skipped' ? 'was skipped' : 'failed'}.`;
        result = { status: 'skipped', content: `Error: ${error}`, error };
      } else {
        const args = resolveInput(step.input, { userQuery: runtime.userQuery, outputs });
        result = await runStep(step, args, runtime, outputs);
      }
      results[id] = result;
      runtime.emit({
        type: 'workflow.step.complete',
        workflowId: runtime.workflowId,
        stepId: id,
        name: step.name,
        status: result.status,
        durationMs: performance.now() - stepStarted,
        ...(result.error ? { error: result.error } : {}),
      });
    });
  }
  const statuses = Object.values(results).map((r) => r.status);
  const usable = statuses.filter(isUsable).length;
  const status =
    usable === workflow.steps.length ? 'done' : usable === 0 || runtime.signal.aborted ? 'failed' : 'partial';
  runtime.emit({
    type: 'workflow.complete',
    workflowId: runtime.workflowId,
    status,
    durationMs: performance.now() - started,
  });
  return { status, steps: results };
}

async function runStep(
  step: WorkflowStep,
  args: unknown,
  runtime: WorkflowRuntime,
  outputs: Map<string, unknown>,
): Promise<StepResult> {
  let outcome = await runtime.runTool(step, step.tool, args);
  let usedFallback = outcome.ok && outcome.fallback !== undefined;
  if (!outcome.ok && !outcome.aborted && step.fallback) {
    const primaryError = outcome.error;
    outcome = await runtime.runTool(step, step.fallback, args);
    if (outcome.ok) usedFallback = true;
    else outcome = { ...outcome, error: `${primaryError}; fallback ${step.fallback}: ${outcome.error}` };
  }
  if (!outcome.ok) return { status: 'failed', content: outcome.content, error: outcome.error };
  outputs.set(step.id, isToolOutput(outcome.result) ? outcome.content : outcome.result);
  return { status: usedFallback ? 'fallback' : 'done', content: outcome.content };
}

function isUsable(status: WorkflowStepStatus | undefined): boolean {
  return status === 'done' || status === 'fallback';
}

/** Runs `work` over `items` with at most `limit` in flight. */
async function pool<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, async () => {
    while (next < items.length) await work(items[next++]!);
  });
  await Promise.all(lanes);
}
