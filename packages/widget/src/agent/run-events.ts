import type { AgentEvent } from '@agent-chat/core';
import { emit } from '../shared/events.js';

/** Re-dispatches a run's events as the element's DOM events (`agent-chat-*`). */
export function emitRunEvent(host: HTMLElement, event: AgentEvent, conversationId: string | undefined): void {
  switch (event.type) {
    case 'run.start':
      emit(host, 'agent-chat-run-start', { runId: event.runId, conversationId: event.conversationId });
      emit(host, 'agent-chat-message', { role: 'user', text: event.message, conversationId });
      break;
    case 'response.done':
      emit(host, 'agent-chat-message', { role: 'assistant', text: event.text, conversationId });
      break;
    case 'run.finish':
      emit(host, 'agent-chat-run-finish', { runId: event.runId, status: event.status, turns: event.turns });
      break;
    case 'error':
      emit(host, 'agent-chat-error', {
        code: event.code,
        message: event.message,
        retryable: event.retryable,
        retryAfterSeconds: event.retryAfterSeconds,
        resetAt: event.resetAt,
      });
      break;
  }
}

/** Dispatches `agent-chat-error` for a failure outside a run (configuration, store, attachments). */
export function emitFailure(host: HTMLElement, error: unknown, message: string): void {
  const code = (error as { code?: unknown })?.code;
  emit(host, 'agent-chat-error', {
    code: typeof code === 'string' ? code : 'CONFIGURATION',
    message,
    retryable: false,
  });
}
