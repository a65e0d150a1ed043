import type { ModelEvent, ModelRequest, ToolSpec } from '../model/chat-model.js';
import type { Message, Reasoning, ReasoningBlock, ToolCall } from '../model/messages.js';
import type { RunContext } from './run-settings.js';

/** Errors of model calls that failed after their first event (a cut or stalled answer). */
export const failedMidAnswer = new WeakSet<object>();

/** What one model call produced. */
export interface ModelTurn {
  text: string;
  toolCalls: ToolCall[];
  /** What the model thought first; kept with the assistant message (Anthropic needs its blocks back). */
  reasoning?: Reasoning;
}

/**
 * One model call of the run, streamed: text deltas become `response.chunk`, reasoning `reasoning.chunk` /
 * `reasoning.done` and tool-call argument deltas `tool.input` (when `streamText`), usage becomes `usage`, and
 * the request and response (with token usage, duration and the count of stream events the reader skipped as
 * unknown) go to the run log, as do stream warnings.
 */
export async function callModel(
  run: RunContext,
  request: ModelRequest,
  turn: number,
  options: { streamText: boolean; purpose: string },
): Promise<ModelTurn> {
  const started = performance.now();
  // The run log's records carry the whole request: built only when there is a run log.
  if (run.logging)
    run.log('model.request', {
      turn,
      purpose: options.purpose,
      model: run.model.id,
      messages: request.messages,
      tools: request.tools?.map((t) => t.name) ?? [],
      ...(request.responseFormat ? { responseFormat: request.responseFormat.name } : {}),
    });
  const call = new TurnEvents(run, turn, options.streamText);
  let events = 0;
  try {
    for await (const event of run.model.stream(
      { ...request, conversationId: run.conversationId },
      { signal: run.signal },
    )) {
      events++;
      call.add(event);
    }
  } catch (error) {
    // A failure before the first event was the retry policy's to retry (withRetry); one after it is not.
    if (events > 0 && typeof error === 'object' && error !== null) failedMidAnswer.add(error);
    throw error;
  }
  const { text, toolCalls, reasoning } = call;
  if (run.logging)
    run.log('model.response', {
      turn,
      purpose: options.purpose,
      model: run.model.id,
      text,
      ...(reasoning ? { reasoning: reasoning.text } : {}),
      toolCalls,
      usage: call.usage,
      finishReason: call.finish,
      ignoredEvents: call.ignoredEvents,
      durationMs: Math.round(performance.now() - started),
    });
  return reasoning ? { text, toolCalls, reasoning } : { text, toolCalls };
}

/** The request for one supervisor turn: system prompt (never stored), history, this run's messages. */
export function turnRequest(
  systemPrompt: string | undefined,
  messages: readonly Message[],
  tools: ToolSpec[],
  note?: string,
): ModelRequest {
  const system = [systemPrompt, note].filter(Boolean).join('\n\n');
  const all: Message[] = [...(system ? [{ role: 'system' as const, content: system }] : []), ...messages];
  return tools.length > 0 ? { messages: all, tools } : { messages: all };
}

/** What the events of one model call add up to; streams the agent events they make as they come. */
class TurnEvents {
  text = '';
  readonly toolCalls: ToolCall[] = [];
  reasoning: Reasoning | undefined;
  usage: unknown;
  finish: string | undefined;
  /** Stream events of a type the model's reader did not know (skipped), when there were some. */
  ignoredEvents: number | undefined;
  readonly #blocks: ReasoningBlock[] = [];
  #thinkingSince: number | undefined;
  readonly #run: RunContext;
  readonly #turn: number;
  readonly #streamText: boolean;
  /** Tool calls whose arguments stream (`tool.input`): id → name and the text so far. */
  readonly #inputs = new Map<string, { name: string; text: string }>();

  constructor(run: RunContext, turn: number, streamText: boolean) {
    this.#run = run;
    this.#turn = turn;
    this.#streamText = streamText;
  }

  add(event: ModelEvent): void {
    const run = this.#run;
    const turn = this.#turn;
    switch (event.type) {
      case 'text-delta':
        this.text += event.text;
        if (this.#streamText) run.emit({ type: 'response.chunk', turn, text: event.text });
        break;
      case 'reasoning-delta':
        this.#thinkingSince ??= performance.now();
        this.reasoning = { ...this.reasoning, text: (this.reasoning?.text ?? '') + event.text };
        if (this.#streamText) run.emit({ type: 'reasoning.chunk', turn, text: event.text });
        break;
      case 'reasoning-end':
        this.#endReasoning(event.text, event.blocks);
        break;
      case 'warning':
        run.log('model.warning', { turn, model: run.model.id, message: event.message });
        break;
      case 'tool-call-start':
        this.#inputs.set(event.id, { name: event.name, text: '' });
        break;
      case 'tool-call-delta': {
        const call = this.#inputs.get(event.id);
        if (call && this.#streamText) {
          call.text += event.argumentsDelta;
          run.emit({ type: 'tool.input', turn, toolCallId: event.id, name: call.name, argsText: call.text });
        }
        break;
      }
      case 'tool-call-end':
        this.toolCalls.push(event.toolCall);
        break;
      case 'usage':
        this.usage = event.costUsd === undefined ? event.usage : { ...event.usage, costUsd: event.costUsd };
        run.emit({
          type: 'usage',
          turn,
          model: event.model ?? run.model.id,
          usage: event.usage,
          ...(event.costUsd === undefined ? {} : { costUsd: event.costUsd }),
          ...(event.credits === undefined ? {} : { credits: event.credits }),
          ...run.memory?.onUsage(event.usage),
        });
        break;
      case 'loading':
        run.emit({ type: 'model.loading', model: event.model, ...event.progress });
        break;
      case 'decided':
        run.emit({
          type: 'model.decided',
          model: event.model,
          reason: event.reason,
          ...(event.candidates ? { candidates: event.candidates } : {}),
        });
        run.log('model.decided', { model: event.model, reason: event.reason });
        break;
      case 'finish':
        this.finish = event.reason;
        this.ignoredEvents = event.ignoredEvents;
        break;
      default:
        // Tool calls are taken whole from `tool-call-end`; any other event type must be handled above.
        event satisfies { type: 'tool-call-start' | 'tool-call-delta' };
    }
  }

  #endReasoning(text: string | undefined, blocks: ReasoningBlock[] | undefined): void {
    this.#blocks.push(...(blocks ?? []));
    const since = this.#thinkingSince;
    const durationMs = since === undefined ? 0 : Math.round(performance.now() - since);
    this.#thinkingSince = undefined;
    this.reasoning = {
      text: this.reasoning?.text ?? '',
      durationMs: (this.reasoning?.durationMs ?? 0) + durationMs,
      ...(this.#blocks.length ? { blocks: [...this.#blocks] } : {}),
    };
    if (this.#streamText && text)
      this.#run.emit({ type: 'reasoning.done', turn: this.#turn, text, durationMs });
  }
}
