import { ConfigurationError } from '../errors.js';
import type { AgentEvent } from '../events.js';
import { runAgent } from './run-agent.js';
import type { PendingRequest, RunCheckpoint } from './run-checkpoint-store.js';
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
    if (!checkpoint || !request) throw new UnknownRequestError(requestId);
    const aborts = signal ? { signal } : {};
    if (request.kind === 'clarify') {
      const message = typeof value === 'string' ? value : JSON.stringify(value);
      yield* runAgent(settings, { conversationId: checkpoint.conversationId, message, ...aborts });
      return;
    }
    const approved = approvalOf(value);
    if (request.approved !== undefined && !(await interrupted(settings, checkpoint, request, approved)))
      throw new UnknownRequestError(requestId);
    request.approved = approved;
    if (!allAnswered(checkpoint)) {
      await checkpoints.save(checkpoint);
      return;
    }
    yield* runAgent(settings, { resume: checkpoint, ...aborts });
    // The continued run is stored: its checkpoint (kept, answered, while it ran) goes, unless it paused again.
    const now = await checkpoints.load(checkpoint.conversationId);
    if (now?.runId === checkpoint.runId && allAnswered(now))
      await checkpoints.delete(checkpoint.conversationId);
  } finally {
    answering.delete(requestId);
  }
}

/**
 * Whether answering an answered request again picks up its run: every request of the checkpoint is answered
 * (its continued run started), the answer is the same, and the continued run was not stored (the page
 * closed on the way). A checkpoint whose run was stored and not yet dropped is dropped now.
 */
async function interrupted(
  settings: RunSettings,
  checkpoint: RunCheckpoint,
  request: PendingRequest,
  approved: boolean,
): Promise<boolean> {
  if (request.approved !== approved || !allAnswered(checkpoint)) return false;
  const ids = new Set(checkpoint.assistant.toolCalls.map((call) => call.id));
  const stored = await settings.store.load(checkpoint.conversationId);
  if (!stored.some((m) => m.role === 'tool' && ids.has(m.toolCallId))) return true;
  await settings.checkpoints.delete(checkpoint.conversationId);
  return false;
}

const allAnswered = (checkpoint: RunCheckpoint) =>
  checkpoint.requests.every((r) => r.kind !== 'approval' || r.approved !== undefined);

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
