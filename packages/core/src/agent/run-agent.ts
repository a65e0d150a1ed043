import { AbortedError, ConfigurationError, toAgentChatError } from '../errors.js';
import type { AgentEvent, AgentEventBody, RunStatus, SupervisorAction } from '../events.js';
import type { RunMemory } from '../memory/run-memory.js';
import type { Message, Reasoning, ToolCall } from '../model/messages.js';
import { withRetry } from '../model/retry.js';
import type { RunLogKind } from '../telemetry/run-log.js';
import { toToolSpec } from '../tools/tool.js';
import { ASK_USER, PLAN_WORKFLOW } from './builtin-names.js';
import { builtinToolSpecs } from './builtin-tool-specs.js';
import type { RunInput } from './create-agent.js';
import { EventChannel } from './event-channel.js';
import { isMcpToolSource } from './mcp-tool-source.js';
import { turnRequest } from './model-turn.js';
import { callModelWithRetry } from './recovery/interrupted-retry.js';
import type { PendingRequest, RunCheckpoint } from './run-checkpoint-store.js';
import type { RunContext, RunSettings } from './run-settings.js';

/** How a run starts: a user message, or the continuation of a paused run after `agent.respond`. */
export type RunStart = RunInput | { resume: RunCheckpoint; signal?: AbortSignal };

/**
 * One run: loads the conversation, lets the supervisor answer, call tools (all calls of a turn in
 * parallel), run a workflow or ask the user, and loops until an answer, a pause or `maxTurns`. Stores
 * the user's message and every finished turn in one append at the end, so an error or abort never
 * leaves half a turn behind.
 */
export async function* runAgent(
  settings: RunSettings,
  input: RunStart,
): AsyncGenerator<AgentEvent, void, undefined> {
  const resume = 'resume' in input ? input.resume : undefined;
  const message = 'resume' in input ? '' : input.message;
  if (!resume && (typeof message !== 'string' || message.trim() === ''))
    throw new ConfigurationError('agent.run: message must be a non-empty string.');
  const runId = randomId('run');
  const conversationId = resume?.conversationId ?? (input as RunInput).conversationId ?? randomId('conv');
  const controller = new AbortController();
  const onAbort = () => controller.abort(input.signal?.reason);
  if (input.signal?.aborted) onAbort();
  input.signal?.addEventListener('abort', onAbort, { once: true });

  const channel = new EventChannel<AgentEvent>();
  let seq = 0;
  const emit = (body: AgentEventBody) =>
    channel.push({ ...body, runId, seq: seq++, ts: Date.now() } as AgentEvent);
  const log = (kind: RunLogKind, fields: Record<string, unknown> = {}) =>
    settings.runLog?.append({ kind, ts: Date.now(), runId, conversationId, ...fields });
  const model =
    settings.retry === false
      ? settings.model
      : withRetry(settings.model, {
          ...settings.retry,
          onRetry: ({ attempt, delayMs, error }) =>
            log('model.retry', {
              attempt,
              delayMs: Math.round(delayMs),
              code: error.code,
              message: error.message,
            }),
        });

  const images = resume ? undefined : (input as RunInput).images;
  const run: RunContext = {
    runId,
    conversationId,
    message,
    images,
    signal: controller.signal,
    model,
    emit,
    log,
    logging: settings.runLog !== undefined,
  };
  const done = execute(settings, run, resume).finally(() => channel.close());
  try {
    yield* channel;
    await done;
  } finally {
    // The consumer stopped iterating (break, return, throw): stop the work too.
    controller.abort(new AbortedError());
    input.signal?.removeEventListener('abort', onAbort);
  }
}

async function execute(
  settings: RunSettings,
  run: RunContext,
  resume: RunCheckpoint | undefined,
): Promise<void> {
  const { store, checkpoints, maxTurns, mode } = settings;
  const { emit, signal, log } = run;
  emit({
    type: 'run.start',
    conversationId: run.conversationId,
    message: run.message,
    ...(resume ? { resumes: resume.requests[0]!.requestId } : {}),
  });
  log('run.start', {
    conversationId: run.conversationId,
    message: run.message,
    mode,
    ...(resume ? { resumes: resume.requests.map((r) => r.requestId) } : {}),
  });

  const finished: Message[] = [];
  let status: RunStatus = 'completed';
  let finishMessage: string | undefined;
  let turn = 0;
  let pending: { checkpoint: RunCheckpoint } | undefined;
  let memory: RunMemory | undefined;
  try {
    const history = await store.load(run.conversationId);
    // Dual-track memory: a fitted summarised context per call, retrieve_full_context, turn summaries.
    // Loaded on first use so pages without memory do not download it (nor TOON and the tokenizer).
    if (settings.memory) {
      memory = await (await import('../memory/run-memory.js')).openRunMemory({
        memory: settings.memory,
        store,
        conversationId: run.conversationId,
        history,
        model: run.model,
        systemPrompt: settings.systemPrompt,
        tokenBudget: settings.tokenBudget,
        log: settings.efficiency,
        runId: run.runId,
        emit,
        signal,
      });
      run.memory = memory;
      settings = {
        ...settings,
        tools: new Map([...settings.tools, ...memory.tools.map((t) => [t.name, t] as const)]),
      };
    }
    if (resume) {
      // A conversation store that did not survive the reload (an in-memory one) lost what the paused run
      // had finished; the checkpoint kept a copy, so the model still sees the user's message.
      if (history.length === 0) finished.push(...(resume.messages ?? []));
      // Resuming a paused run (approvals answered, a new message over a paused turn) loads on first use.
      finished.push(...(await (await import('./resume.js')).resumeMessages(resume, settings, run)));
    } else {
      const paused = await checkpoints.load(run.conversationId);
      if (paused) {
        if (history.length === 0) finished.push(...(paused.messages ?? []));
        finished.push(...(await import('./resume.js')).settleOnNewMessage(paused));
        await checkpoints.delete(run.conversationId);
      }
      const images = run.images;
      finished.push({ role: 'user', content: run.message, ...(images?.length ? { images } : {}) });
    }
    // JSON decisions and reflection load on first use: a page whose model calls tools natively and that does
    // not reflect never downloads them (the widget's one-file bundle stays small).
    const json = mode === 'json' ? await import('./json-decision.js') : undefined;
    const reflection = settings.reflect ? await import('./reflection.js') : undefined;
    const planWorkflow = settings.workflows
      ? (await import('./plan-workflow-spec.js')).planWorkflowSpec()
      : undefined;
    // MCP tools of the agent's hub, loaded with the hub: pages without MCP never download this code.
    const mcpTools =
      settings.mcpTools !== false && isMcpToolSource(settings.mcp)
        ? new (await import('./mcp-run-tools.js')).McpRunTools(settings.mcp, settings.mcpTools, run, history)
        : undefined;
    let iterations = 0;
    let note: string | undefined;
    // An empty answer is asked again once, with a nudge (recovery/empty-answer.ts).
    let nudge: string | undefined;
    let nudged = false;
    for (;;) {
      if (signal.aborted) throw new AbortedError(signal.reason);
      if (turn >= maxTurns) {
        status = 'max-turns';
        finishMessage = `Stopped after ${maxTurns} model calls without a final answer (limits.maxTurns).`;
        break;
      }
      turn++;
      // After a reflection verdict the model must answer: a plain text call without tools, in either mode.
      const answerOnly = note !== undefined;
      emit({ type: 'supervisor.thinking', iteration: turn, mode });
      // The tools of this turn: MCP tools (all, or the catalog, load_tools and the loaded ones) join the app's.
      const tools = mcpTools ? await mcpTools.turnTools(settings.tools, turn) : settings.tools;
      const turnSettings = tools === settings.tools ? settings : { ...settings, tools };
      const specs = [...[...tools.values()].map(toToolSpec), ...builtinToolSpecs(turnSettings, planWorkflow)];
      // With memory, the summarised track fitted to the budget; its system message (the system prompt plus
      // any roll-up of older history) replaces the plain system prompt.
      let systemPrompt = settings.systemPrompt;
      let conversation = [...history, ...finished];
      if (memory) {
        const prepared = await memory.prepare(finished, turn, specs);
        const system = prepared[0]?.role === 'system' ? prepared.shift() : undefined;
        systemPrompt = system?.content;
        conversation = prepared;
      }
      if (mcpTools) conversation = mcpTools.messagesForModel(conversation);
      const catalog = answerOnly ? undefined : mcpTools?.systemNote();
      if (catalog) systemPrompt = [systemPrompt, catalog].filter(Boolean).join('\n\n');
      if (nudge) systemPrompt = [systemPrompt, nudge].filter(Boolean).join('\n\n');
      nudge = undefined;
      const decided =
        // With no tools to offer there is nothing to decide: even in JSON mode the model just answers.
        mode === 'json' && !answerOnly && specs.length > 0
          ? await json!.decideWithJson({ ...turnSettings, systemPrompt }, run, conversation, turn)
          : await callModelWithRetry(
              run,
              turnRequest(
                systemPrompt,
                // A model without tool calling reads tool traffic as plain messages.
                json ? json.toJsonModeMessages(conversation) : conversation,
                answerOnly ? [] : specs,
                note,
              ),
              turn,
              {
                streamText: true,
                purpose: answerOnly ? 'answer' : 'decision',
              },
            );
      const { text, toolCalls } = decided;
      const thought = (decided as { reasoning?: Reasoning }).reasoning;
      const reasoning = thought ? { reasoning: thought } : {};
      const action = actionOf(toolCalls);
      const reason = (decided as { reason?: string }).reason ?? describe(action, text, toolCalls);
      emit({ type: 'supervisor.decided', iteration: turn, action, reason, mode });
      if (run.logging)
        log('decision', { turn, action, reason, mode, toolCalls: toolCalls.map((c) => c.name) });
      if (!nudged && toolCalls.length === 0 && !text.trim()) {
        nudged = true;
        nudge = (await import('./recovery/empty-answer.js')).EMPTY_ANSWER_NUDGE;
        const message = 'The model gave no answer; asking it again.';
        // What the empty call streamed (a reasoning model's thinking) gives way to the retry's.
        emit({ type: 'response.reset', turn, code: 'empty_answer', message });
        log('model.retry', { turn, code: 'empty_answer', message });
        continue;
      }
      if (toolCalls.length === 0) {
        finished.push({ role: 'assistant', content: text, ...reasoning });
        emit({ type: 'response.done', text });
        break;
      }
      const assistant = { role: 'assistant' as const, content: text, toolCalls, ...reasoning };
      const callSettings = mcpTools
        ? { ...turnSettings, tools: await mcpTools.prepareCalls(toolCalls, tools) }
        : turnSettings;
      // Tool execution loads with the first tool call: pages whose model only answers never download it.
      const { runTurnCalls } = await import('./turn-tools.js');
      const outcome = await runTurnCalls(toolCalls, callSettings, run, turn);
      if (signal.aborted) throw new AbortedError(signal.reason);
      if (outcome.pending.length > 0) {
        pending = {
          checkpoint: {
            conversationId: run.conversationId,
            runId: run.runId,
            createdAt: Date.now(),
            messages: finished.slice(),
            assistant,
            results: outcome.results,
            requests: outcome.pending,
          },
        };
        status = 'waiting';
        finishMessage = waitingMessage(outcome.pending);
        break;
      }
      finished.push(assistant, ...outcome.results);
      if (settings.reflect && !answerOnly) {
        iterations++;
        const verdict = await reflection!.reflect(run, [...history, ...finished], turn);
        emit({
          type: 'supervisor.reflected',
          iteration: iterations,
          verdict: verdict.verdict,
          reason: verdict.reason,
        });
        log('reflection', { iteration: iterations, ...verdict });
        if (verdict.verdict === 'blocked') {
          status = 'blocked';
          finishMessage = `Blocked: ${verdict.reason}`;
        }
        if (verdict.verdict !== 'need_more') note = reflection!.answerNote(verdict);
        else if (iterations >= settings.maxIterations)
          note = `You reached the limit of ${settings.maxIterations} iterations. Answer now with what you found.`;
      }
    }
  } catch (caught) {
    const error = toAgentChatError(signal.aborted ? new AbortedError(caught) : caught);
    status = error.code === 'aborted' ? 'aborted' : 'failed';
    finishMessage = error.message;
    pending = undefined;
    log('error', { code: error.code, message: error.message, retryable: error.isRetryable });
    if (status === 'failed')
      emit({
        type: 'error',
        code: error.code,
        message: error.message,
        retryable: error.isRetryable,
        ...error.details,
      });
  }
  try {
    // Written before the checkpoint: a resumed run must find every earlier turn in the store.
    await store.append(run.conversationId, finished, await memory?.summarize(finished));
    if (pending) {
      await checkpoints.save(pending.checkpoint);
      for (const request of pending.checkpoint.requests) emitRequest(run, request);
    }
  } catch (caught) {
    const error = toAgentChatError(caught);
    status = 'failed';
    finishMessage = `The conversation could not be saved: ${error.message}`;
    emit({ type: 'error', code: 'store_failed', message: finishMessage, retryable: false });
  }
  log('run.finish', { status, turns: turn, ...(finishMessage ? { message: finishMessage } : {}) });
  emit({ type: 'run.finish', status, turns: turn, ...(finishMessage ? { message: finishMessage } : {}) });
}

function emitRequest(run: RunContext, request: PendingRequest): void {
  if (request.kind === 'clarify')
    run.emit({
      type: 'clarify.request',
      requestId: request.requestId,
      question: request.question ?? '',
      source: 'ask_user',
    });
  else
    run.emit({
      type: 'approval.request',
      requestId: request.requestId,
      toolCallId: request.toolCallId,
      name: request.name,
      args: request.args,
    });
}

function waitingMessage(requests: PendingRequest[]): string {
  const approvals = requests.filter((r) => r.kind === 'approval').map((r) => r.name);
  const question = requests.find((r) => r.kind === 'clarify')?.question;
  return [
    question ? `Waiting for the user's answer: ${question}` : '',
    approvals.length ? `Waiting for approval of ${approvals.join(', ')}.` : '',
  ]
    .filter(Boolean)
    .join(' ');
}

function actionOf(calls: readonly ToolCall[]): SupervisorAction {
  if (calls.length === 0) return 'answer';
  if (calls.some((c) => c.name === ASK_USER)) return 'clarify';
  if (calls.some((c) => c.name === PLAN_WORKFLOW)) return 'workflow';
  return 'call_tool';
}

/** A short reason for a natively chosen action: the model's own words when it gave some. */
function describe(action: SupervisorAction, text: string, calls: readonly ToolCall[]): string {
  const said = text.trim().replace(/\s+/g, ' ');
  const short = said.length > 120 ? `${said.slice(0, 117)}…` : said;
  if (action === 'answer') return short ? 'answered directly' : 'answered with an empty reply';
  const names = [...new Set(calls.map((c) => c.name))].join(', ');
  const what =
    action === 'call_tool' ? `calls ${names}` : action === 'workflow' ? 'plans a workflow' : 'asks the user';
  return short ? `${what}: ${short}` : what;
}

function randomId(prefix: string): string {
  return `${prefix}_${crypto.randomUUID().replaceAll('-', '').slice(0, 16)}`;
}
