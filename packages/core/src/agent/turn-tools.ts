import { AbortedError } from '../errors.js';
import type { Message, ToolCall } from '../model/messages.js';
import { executeToolCall } from '../tools/execute-tool-call.js';
import { ASK_USER, PLAN_WORKFLOW } from './builtin-names.js';
import { rememberResult, repeatedCall } from './recovery/repeat-watch.js';
import type { Decision, RunLoop, RunState, TurnInput } from './run/run-types.js';
import type { PendingRequest } from './run-checkpoint-store.js';
import type { RunContext, RunSettings } from './run-settings.js';
import { parseArgs, reportOutcome, toolContext } from './tool-context.js';

/** The tool calls of one turn once handled: results now, and requests that wait on the user. */
export interface TurnOutcome {
  results: Message[];
  pending: PendingRequest[];
}

/**
 * Step 6 for a decision with tool calls (run/act.ts): the turn's calls run in parallel; a call that waits
 * for the user (a clarification, an approval) pauses the run with a checkpoint; otherwise the assistant
 * message and the results join the conversation and the loop goes on.
 */
export async function actOnCalls(
  loop: RunLoop,
  run: RunContext,
  input: TurnInput,
  decision: Decision,
  state: RunState,
): Promise<'continue' | 'stop'> {
  const { text, toolCalls } = decision;
  const reasoning = decision.reasoning ? { reasoning: decision.reasoning } : {};
  const assistant = { role: 'assistant' as const, content: text, toolCalls, ...reasoning };
  const callSettings = loop.mcpTools
    ? { ...input.settings, tools: await loop.mcpTools.prepareCalls(toolCalls, input.tools) }
    : input.settings;
  const outcome = await runTurnCalls(toolCalls, callSettings, run, state.turns);
  if (run.signal.aborted) throw new AbortedError(run.signal.reason);
  if (outcome.pending.length > 0) {
    (await import('./paused-turn.js')).pauseRun(run, state, assistant, outcome.results, outcome.pending);
    return 'stop';
  }
  state.finished.push(assistant, ...outcome.results);
  return 'continue';
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
  const asking: Array<{ call: ToolCall; args: unknown }> = [];
  const immediate: Array<{ call: ToolCall; args: unknown }> = [];
  for (const call of calls) {
    // Parsed once for the events, the log and the requests; the tool parses its own copy to run on.
    const args = parseArgs(call.arguments);
    (waitsForUser(call, settings) ? asking : immediate).push({ call, args });
  }
  const paused = asking.length > 0 ? await import('./paused-turn.js') : undefined;
  const pending = asking.map(({ call, args }) => paused!.pendingRequest(call, args, settings, run));
  for (const { call, args } of immediate)
    run.emit({ type: 'tool.start', turn, toolCallId: call.id, name: call.name, args });
  const results = await Promise.all(
    immediate.map(({ call, args }) =>
      call.name === PLAN_WORKFLOW && !settings.tools.has(PLAN_WORKFLOW)
        ? // The workflow engine loads when a model first plans a workflow.
          import('./workflow-call.js').then((m) => m.runWorkflowCall(call, settings, run, turn))
        : runToolCall(call, settings, run, args, turn),
    ),
  );
  return { results, pending };
}

/** Runs one ordinary tool call with its events and log records; returns the tool message. */
export async function runToolCall(
  call: ToolCall,
  settings: RunSettings,
  run: RunContext,
  args: unknown,
  turn?: number,
): Promise<Message> {
  if (run.logging) run.log('tool.call', { toolCallId: call.id, name: call.name, args });
  const started = performance.now();
  // The same call a third turn in a row is answered, not run: the model already has its result.
  const repeated = turn === undefined ? undefined : await repeatedCall(run, turn, call);
  const outcome =
    repeated ?? (await executeToolCall(call, settings.tools, toolContext(call.id, run, settings)));
  if (outcome.ok && turn !== undefined) rememberResult(run, call, outcome.content);
  reportOutcome(run, call.id, call.name, outcome, performance.now() - started);
  // With memory on, tabular results reach the model as TOON when that is smaller.
  const content =
    outcome.ok && run.memory
      ? await run.memory.toolContent(outcome.result, outcome.content)
      : outcome.content;
  const items =
    outcome.ok && outcome.items?.length
      ? (await import('../tools/stored-content.js')).storedContentItems(outcome.items)
      : undefined;
  return { role: 'tool', toolCallId: call.id, toolName: call.name, content, ...(items ? { items } : {}) };
}

/** `ask_user` (unless the page has its own) and tools that need approval wait for the user. */
function waitsForUser(call: ToolCall, settings: RunSettings): boolean {
  return (
    (call.name === ASK_USER && !settings.tools.has(ASK_USER)) ||
    !!settings.tools.get(call.name)?.needsApproval
  );
}
