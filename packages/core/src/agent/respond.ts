import { ConfigurationError } from '../errors.js';
import type { AgentEvent } from '../events.js';
import { runAgent } from './run-agent.js';
import type { RunSettings } from './run-settings.js';
import { UnknownRequestError } from './unknown-request-error.js';

/** One answer to a request a run is waiting on. */
export interface Answer {
  requestId: string;
  value: unknown;
  signal?: AbortSignal | undefined;
}

/**
 * `agent.respond`: answers a request and continues the run that waits on it. A question an MCP server is
 * waiting on (elicitation, sampling consent) is answered in place: the tool call that asked is still running
 * in its run, which goes on by itself. A clarification runs the answer as the user's next message; an
 * approval is recorded, and once every approval of the turn is answered the paused run resumes.
 * `answering` holds the requests being answered, claimed before the first await, so two answers to one
 * request cannot both run the tool.
 */
export async function* respondToRequest(
  settings: RunSettings,
  answering: Set<string>,
  { requestId, value, signal }: Answer,
): AsyncGenerator<AgentEvent, void, undefined> {
  const hub = settings.mcp as
    | { pendingRequests?: string[]; respond?(id: string, answer: never): boolean }
    | undefined;
  if (hub?.pendingRequests?.includes(requestId) && hub.respond) {
    hub.respond(requestId, value as never);
    return;
  }
  if (answering.has(requestId)) throw new UnknownRequestError(requestId);
  answering.add(requestId);
  try {
    const { checkpoints } = settings;
    const checkpoint = await checkpoints.findByRequest(requestId);
    const request = checkpoint?.requests.find((r) => r.requestId === requestId);
    if (!checkpoint || !request || request.approved !== undefined) throw new UnknownRequestError(requestId);
    const aborts = signal ? { signal } : {};
    if (request.kind === 'clarify') {
      const message = typeof value === 'string' ? value : JSON.stringify(value);
      yield* runAgent(settings, { conversationId: checkpoint.conversationId, message, ...aborts });
      return;
    }
    request.approved = approvalOf(value);
    if (checkpoint.requests.some((r) => r.kind === 'approval' && r.approved === undefined)) {
      await checkpoints.save(checkpoint);
      return;
    }
    yield* runAgent(settings, { resume: checkpoint, ...aborts });
  } finally {
    answering.delete(requestId);
  }
}

/** An approval's answer: `true` / `false`, or `{ approved }` (what form-based UIs naturally send). */
function approvalOf(value: unknown): boolean {
  const approved =
    typeof value === 'object' && value !== null && 'approved' in value
      ? (value as { approved: unknown }).approved
      : value;
  if (typeof approved !== 'boolean')
    throw new ConfigurationError(
      `agent.respond: an approval is answered with true or false, got ${JSON.stringify(value)}.`,
    );
  return approved;
}
