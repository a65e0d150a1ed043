import { isAbortError, toAgentChatError } from '../errors.js';
import { EventChannel } from '../event-channel.js';
import type { AgentEvent, AgentEventBody, RunStatus } from '../events.js';
import type { Tool } from '../tools/tool.js';
import type { PendingCall, ProtocolSession } from './protocol-session.js';
import type { TurnRecord } from './turn-record.js';

/** A run paused on approvals: what `respond` needs to continue it. */
export interface PausedRun {
  conversationId: string;
  session: ProtocolSession;
  record: TurnRecord;
  waiting: Map<string, PendingCall>;
  rounds: number;
}

/** What one remote run works with. */
export interface RemoteRunContext {
  session: ProtocolSession;
  conversationId: string;
  record: TurnRecord;
  tools: ReadonlyMap<string, Tool>;
  signal: AbortSignal;
  maxRounds: number;
  rounds: number;
  /** Called with the run's requests when it pauses. */
  pause(paused: PausedRun): void;
  /**
   * Called when the turn ends: keep the protocol thread and the conversation's messages. `failed`: the run
   * failed or was stopped — only the user's message and the finished tool calls are kept, never a partial answer.
   */
  save(record: TurnRecord, session: ProtocolSession, failed?: boolean): Promise<void>;
}

/** The request id of an approval: the backend's approval id, or one made from the page call's id. */
export function requestIdOf(call: PendingCall): string {
  return call.approvalId ?? `approve_${call.toolCallId}`;
}

/**
 * What a run does before its rounds: hand answers to the session (then a round asks the backend), or
 * stream a resumed round (its calls go on as a round's would), or find nothing to resume (`not-resumable`:
 * the run ends so, storing nothing).
 */
export type RunOpening = (
  emit: (event: AgentEventBody) => void,
) => Promise<undefined | PendingCall[] | 'not-resumable'>;

/**
 * Runs rounds against the backend until it answers without leaving calls to the page: page tools run here
 * and their results go back; approvals (the backend's, or our rule for page tools) pause the run.
 */
export async function* remoteRun(
  ctx: RemoteRunContext,
  start: AgentEventBody,
  before?: RunOpening,
): AsyncGenerator<AgentEvent, void, undefined> {
  const runId = `run_${crypto.randomUUID()}`;
  let seq = 0;
  const channel = new EventChannel<AgentEvent>();
  const emit = (event: AgentEventBody): void => {
    ctx.record.observe(event);
    channel.push({ ...event, runId, seq: seq++, ts: Date.now() } as AgentEvent);
  };
  const work = (async () => {
    emit(start);
    let status: RunStatus = 'completed';
    let message: string | undefined;
    try {
      const opened = await before?.(emit);
      if (opened === 'not-resumable') {
        status = opened;
        message =
          'The agent has no answer in flight to resume for this conversation: send the message again.';
      } else status = await loop(ctx, emit, opened);
    } catch (error) {
      const failure = toAgentChatError(error);
      status = isAbortError(error) ? 'aborted' : 'failed';
      message = failure.message;
      if (status === 'failed')
        emit({ type: 'error', code: failure.code, message: failure.message, retryable: failure.isRetryable });
      // As the built-in loop: no error path loses the user's message (regenerate then asks it again).
      try {
        await ctx.save(ctx.record, ctx.session, true);
      } catch (caught) {
        const stored = toAgentChatError(caught);
        emit({ type: 'error', code: 'store_failed', message: stored.message, retryable: false });
      }
    }
    emit({ type: 'run.finish', status, turns: ctx.rounds, ...(message ? { message } : {}) });
  })().finally(() => channel.close());
  try {
    for await (const event of channel) yield event;
  } finally {
    await work;
  }
}

async function loop(
  ctx: RemoteRunContext,
  emit: (event: AgentEventBody) => void,
  first?: PendingCall[],
): Promise<RunStatus> {
  let calls = first;
  for (;;) {
    if (calls === undefined) {
      if (ctx.rounds >= ctx.maxRounds) return 'max-turns';
      ctx.rounds++;
      calls = await ctx.session.round(emit, ctx.signal);
    }
    if (calls.length === 0) break;
    const waiting = new Map<string, PendingCall>();
    for (const call of calls) {
      const tool = ctx.tools.get(call.name);
      if (call.kind === 'approval' || tool?.needsApproval) {
        const requestId = requestIdOf(call);
        waiting.set(requestId, call);
        emit({
          type: 'approval.request',
          requestId,
          toolCallId: call.toolCallId,
          name: call.name,
          args: call.args,
        });
      } else await runPageTool(ctx, call, emit);
    }
    if (waiting.size) {
      ctx.pause({
        conversationId: ctx.conversationId,
        session: ctx.session,
        record: ctx.record,
        waiting,
        rounds: ctx.rounds,
      });
      return 'waiting';
    }
    calls = undefined;
  }
  await ctx.save(ctx.record, ctx.session);
  emit({ type: 'response.done', text: ctx.record.answer });
  return 'completed';
}

/** Runs a page tool the backend called and hands its result (or its error) back to the session. */
export async function runPageTool(
  ctx: Pick<RemoteRunContext, 'session' | 'tools' | 'signal'>,
  call: PendingCall,
  emit: (event: AgentEventBody) => void,
): Promise<void> {
  const started = Date.now();
  if (!ctx.tools.has(call.name)) {
    const error = `${call.name} is not a tool of this page.`;
    emit({ type: 'tool.error', toolCallId: call.toolCallId, name: call.name, error, durationMs: 0 });
    ctx.session.toolResult(call, { ok: false, error });
    return;
  }
  const { executeTool } = await import('../tools/execute-tool-call.js');
  const outcome = await executeTool(call.name, call.args, ctx.tools, {
    signal: ctx.signal,
    toolCallId: call.toolCallId,
    runId: 'remote',
  });
  const durationMs = Date.now() - started;
  if (outcome.ok) {
    emit({
      type: 'tool.complete',
      toolCallId: call.toolCallId,
      name: call.name,
      result: outcome.result,
      content: outcome.content,
      durationMs,
    });
    ctx.session.toolResult(call, { ok: true, result: outcome.result, content: outcome.content });
  } else {
    emit({
      type: 'tool.error',
      toolCallId: call.toolCallId,
      name: call.name,
      error: outcome.error,
      durationMs,
    });
    ctx.session.toolResult(call, { ok: false, error: outcome.error });
  }
}
