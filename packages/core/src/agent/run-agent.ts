import type { EfficiencyLog } from '../context/efficiency-log.js';
import { AbortedError, ConfigurationError, toAgentChatError } from '../errors.js';
import type { AgentEvent, AgentEventBody, RunStatus } from '../events.js';
import type { ConversationStore } from '../memory/conversation-store.js';
import type { DualTrackOptions } from '../memory/dual-track-memory.js';
import type { RunMemory } from '../memory/run-memory.js';
import type { ChatModel } from '../model/chat-model.js';
import type { Message, ToolCall } from '../model/messages.js';
import { executeToolCall } from '../tools/execute-tool-call.js';
import { type Tool, toToolSpec } from '../tools/tool.js';
import type { RunInput } from './create-agent.js';
import { EventChannel } from './event-channel.js';

interface RunSettings {
  model: ChatModel;
  tools: ReadonlyMap<string, Tool>;
  store: ConversationStore;
  maxTurns: number;
  systemPrompt: string | undefined;
  /** Dual-track memory and context budgeting (memory/run-memory.ts); off when undefined. */
  memory?: DualTrackOptions | undefined;
  efficiency: EfficiencyLog;
  tokenBudget?: number | undefined;
}

/**
 * One run: loads the conversation, calls the model, runs each turn's tool calls in parallel and loops
 * until the model answers without tools or `maxTurns` is reached. Stores the user's message and every
 * finished turn in one append at the end, so an error or abort never leaves half a turn behind.
 */
export async function* runAgent(
  settings: RunSettings,
  input: RunInput,
): AsyncGenerator<AgentEvent, void, undefined> {
  if (typeof input?.message !== 'string' || input.message.trim() === '')
    throw new ConfigurationError('agent.run: message must be a non-empty string.');
  const runId = randomId('run');
  const conversationId = input.conversationId ?? randomId('conv');
  const controller = new AbortController();
  const onAbort = () => controller.abort(input.signal?.reason);
  if (input.signal?.aborted) onAbort();
  input.signal?.addEventListener('abort', onAbort, { once: true });

  const channel = new EventChannel<AgentEvent>();
  let seq = 0;
  const emit = (body: AgentEventBody) =>
    channel.push({ ...body, runId, seq: seq++, ts: Date.now() } as AgentEvent);

  const done = execute(settings, {
    runId,
    conversationId,
    message: input.message,
    signal: controller.signal,
    emit,
  }).finally(() => channel.close());
  try {
    yield* channel;
    await done;
  } finally {
    // The consumer stopped iterating (break, return, throw): stop the work too.
    controller.abort(new AbortedError());
    input.signal?.removeEventListener('abort', onAbort);
  }
}

interface RunContext {
  runId: string;
  conversationId: string;
  message: string;
  signal: AbortSignal;
  emit: (body: AgentEventBody) => void;
}

async function execute(settings: RunSettings, run: RunContext): Promise<void> {
  const { model, tools, store, maxTurns, systemPrompt } = settings;
  const { emit, signal } = run;
  emit({ type: 'run.start', conversationId: run.conversationId, message: run.message });

  const userMessage: Message = { role: 'user', content: run.message };
  const finished: Message[] = [userMessage];
  let status: RunStatus = 'completed';
  let finishMessage: string | undefined;
  let turn = 0;
  let memory: RunMemory | undefined;
  try {
    const history = await store.load(run.conversationId);
    // Dual-track memory: a fitted summarised context per call, retrieve_full_context, turn summaries.
    // Loaded on first use so pages without memory do not download it (nor TOON and the tokenizer).
    memory = settings.memory
      ? await (await import('../memory/run-memory.js')).openRunMemory({
          ...settings,
          memory: settings.memory,
          log: settings.efficiency,
          history,
          ...run,
        })
      : undefined;
    const runTools = memory ? new Map([...tools, ...memory.tools.map((t) => [t.name, t] as const)]) : tools;
    const toolSpecs = [...runTools.values()].map(toToolSpec);
    for (;;) {
      if (turn >= maxTurns) {
        status = 'max-turns';
        finishMessage = `Stopped after ${maxTurns} model calls without a final answer (limits.maxTurns).`;
        break;
      }
      turn++;
      const messages: Message[] = memory
        ? await memory.prepare(finished, turn, toolSpecs)
        : [
            ...(systemPrompt ? [{ role: 'system' as const, content: systemPrompt }] : []),
            ...history,
            ...finished,
          ];
      const { text, toolCalls } = await callModel(model, { messages, tools: toolSpecs }, turn, run, memory);
      if (toolCalls.length === 0) {
        finished.push({ role: 'assistant', content: text });
        emit({ type: 'response.done', text });
        break;
      }
      const results = await runToolCalls(toolCalls, runTools, turn, run, memory);
      if (signal.aborted) throw new AbortedError(signal.reason);
      finished.push({ role: 'assistant', content: text, toolCalls }, ...results);
    }
  } catch (caught) {
    const error = toAgentChatError(signal.aborted ? new AbortedError(caught) : caught);
    status = error.code === 'aborted' ? 'aborted' : 'failed';
    finishMessage = error.message;
    if (status === 'failed')
      emit({ type: 'error', code: error.code, message: error.message, retryable: error.isRetryable });
  }
  try {
    await store.append(run.conversationId, finished, await memory?.summarize(finished));
  } catch (caught) {
    const error = toAgentChatError(caught);
    status = 'failed';
    finishMessage = `The conversation could not be saved: ${error.message}`;
    emit({ type: 'error', code: 'store_failed', message: finishMessage, retryable: false });
  }
  emit({ type: 'run.finish', status, turns: turn, ...(finishMessage ? { message: finishMessage } : {}) });
}

async function callModel(
  model: ChatModel,
  request: { messages: Message[]; tools: ReturnType<typeof toToolSpec>[] },
  turn: number,
  run: RunContext,
  memory: RunMemory | undefined,
): Promise<{ text: string; toolCalls: ToolCall[] }> {
  let text = '';
  const toolCalls: ToolCall[] = [];
  for await (const event of model.stream(request.tools.length ? request : { messages: request.messages }, {
    signal: run.signal,
  })) {
    switch (event.type) {
      case 'text-delta':
        text += event.text;
        run.emit({ type: 'response.chunk', turn, text: event.text });
        break;
      case 'tool-call-end':
        toolCalls.push(event.toolCall);
        break;
      case 'usage':
        run.emit({
          type: 'usage',
          turn,
          model: model.id,
          usage: event.usage,
          ...memory?.onUsage(event.usage),
        });
        break;
    }
  }
  return { text, toolCalls };
}

async function runToolCalls(
  calls: ToolCall[],
  tools: ReadonlyMap<string, Tool>,
  turn: number,
  run: RunContext,
  memory: RunMemory | undefined,
): Promise<Message[]> {
  for (const call of calls) {
    run.emit({
      type: 'tool.start',
      turn,
      toolCallId: call.id,
      name: call.name,
      args: parseArgsForDisplay(call.arguments),
    });
  }
  return Promise.all(
    calls.map(async (call): Promise<Message> => {
      const started = performance.now();
      const outcome = await executeToolCall(call, tools, {
        signal: run.signal,
        toolCallId: call.id,
        runId: run.runId,
      });
      const durationMs = performance.now() - started;
      const content =
        outcome.ok && memory ? memory.toolContent(outcome.result, outcome.content) : outcome.content;
      if (outcome.ok)
        run.emit({
          type: 'tool.complete',
          toolCallId: call.id,
          name: call.name,
          result: outcome.result,
          content,
          durationMs,
        });
      else
        run.emit({
          type: 'tool.error',
          toolCallId: call.id,
          name: call.name,
          error: outcome.error,
          durationMs,
        });
      return { role: 'tool', toolCallId: call.id, toolName: call.name, content };
    }),
  );
}

function parseArgsForDisplay(raw: string): unknown {
  try {
    return raw.trim() ? JSON.parse(raw) : {};
  } catch {
    return raw;
  }
}

function randomId(prefix: string): string {
  return `${prefix}_${crypto.randomUUID().replaceAll('-', '').slice(0, 16)}`;
}
