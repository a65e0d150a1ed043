import type { Usage } from './model/chat-model.js';

/** How a run ended. */
export type RunStatus = 'completed' | 'max-turns' | 'aborted' | 'failed';

/** Fields every event carries: the run it belongs to, a per-run monotonic sequence number and a timestamp (ms). */
export interface AgentEventBase {
  runId: string;
  seq: number;
  ts: number;
}

/** The body of each event kind, keyed by `type`. */
export type AgentEventBody =
  | { type: 'run.start'; conversationId: string; message: string }
  | { type: 'response.chunk'; turn: number; text: string }
  | { type: 'response.done'; text: string }
  | { type: 'tool.start'; turn: number; toolCallId: string; name: string; args: unknown }
  | {
      type: 'tool.complete';
      toolCallId: string;
      name: string;
      result: unknown;
      content: string;
      durationMs: number;
    }
  | { type: 'tool.error'; toolCallId: string; name: string; error: string; durationMs: number }
  | { type: 'usage'; turn: number; model: string; usage: Usage }
  | { type: 'error'; code: string; message: string; retryable: boolean }
  | { type: 'run.finish'; status: RunStatus; turns: number; message?: string };

/**
 * What `agent.run()` yields: a discriminated union on `type`. Tool events carry `toolCallId` so a UI can
 * build one stage per call.
 */
export type AgentEvent = AgentEventBase & AgentEventBody;

/** The event of a given type. */
export type AgentEventOf<T extends AgentEvent['type']> = Extract<AgentEvent, { type: T }>;

/** Serializes an event as one SSE message (`data: {...}\n\n`), for servers that run the core. */
export function toSSE(event: AgentEvent): string {
  return `data: ${JSON.stringify(event)}\n\n`;
}
