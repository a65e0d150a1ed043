import type { ModelRequest, ToolSpec } from '../model/chat-model.js';
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
 * One model call of the run, streamed: text deltas become `response.chunk` and reasoning `reasoning.chunk` /
 * `reasoning.done` (when `streamText`), usage becomes `usage`, and the request and response (with token
 * usage and duration) go to the run log, as do stream warnings.
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
  let text = '';
  const toolCalls: ToolCall[] = [];
  let usage: unknown;
  let finish: string | undefined;
  let reasoning: Reasoning | undefined;
  const blocks: ReasoningBlock[] = [];
  let thinkingSince: number | undefined;
  let events = 0;
  try {
    for await (const event of run.model.stream(
      { ...request, conversationId: run.conversationId },
      { signal: run.signal },
    )) {
      events++;
      switch (event.type) {
        case 'text-delta':
          text += event.text;
          if (options.streamText) run.emit({ type: 'response.chunk', turn, text: event.text });
          break;
        case 'reasoning-delta':
          thinkingSince ??= performance.now();
          reasoning = { ...reasoning, text: (reasoning?.text ?? '') + event.text };
          if (options.streamText) run.emit({ type: 'reasoning.chunk', turn, text: event.text });
          break;
        case 'reasoning-end': {
          blocks.push(...(event.blocks ?? []));
          const durationMs = thinkingSince === undefined ? 0 : Math.round(performance.now() - thinkingSince);
          thinkingSince = undefined;
          reasoning = {
            text: reasoning?.text ?? '',
            durationMs: (reasoning?.durationMs ?? 0) + durationMs,
            ...(blocks.length ? { blocks: [...blocks] } : {}),
          };
          if (options.streamText && event.text)
            run.emit({ type: 'reasoning.done', turn, text: event.text, durationMs });
          break;
        }
        case 'warning':
          run.log('model.warning', { turn, model: run.model.id, message: event.message });
          break;
        case 'tool-call-end':
          toolCalls.push(event.toolCall);
          break;
        case 'usage':
          usage = event.costUsd === undefined ? event.usage : { ...event.usage, costUsd: event.costUsd };
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
          finish = event.reason;
          break;
      }
    }
  } catch (error) {
    // A failure before the first event was the retry policy's to retry (withRetry); one after it is not.
    if (events > 0 && typeof error === 'object' && error !== null) failedMidAnswer.add(error);
    throw error;
  }
  if (run.logging)
    run.log('model.response', {
      turn,
      purpose: options.purpose,
      model: run.model.id,
      text,
      ...(reasoning ? { reasoning: reasoning.text } : {}),
      toolCalls,
      usage,
      finishReason: finish,
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
