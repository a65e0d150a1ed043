import type { ChatAgent } from '../agent/chat-agent.js';
import type { PendingRequest } from '../agent/run-checkpoint-store.js';
import { UnknownRequestError } from '../agent/unknown-request-error.js';
import type { AgentEvent, AgentEventBody } from '../events.js';
import type { ConversationStore } from '../memory/conversation-store.js';
import { memoryStore } from '../memory/memory-store.js';
import type { Tool } from '../tools/tool.js';
import type { PendingCall, ProtocolDriver, ProtocolSession } from './protocol-session.js';
import { reconciled } from './reconciled-thread.js';
import { checkRemoteProtocol, type RemoteProtocol } from './remote-errors.js';
import { checkedFetch, type RemoteHeaders } from './remote-fetch.js';
import {
  type PausedRun,
  type RemoteRunContext,
  type RunOpening,
  remoteRun,
  runPageTool,
} from './remote-run.js';
import {
  defaultThreadStore,
  keepThread,
  type RemoteThread,
  type RemoteThreadStore,
  threadFor,
} from './remote-thread-store.js';
import { TurnRecord } from './turn-record.js';

/** Options of {@link remoteAgent}. */
export interface RemoteAgentOptions {
  /** The backend's endpoint: an AI SDK chat route, or an AG-UI agent URL. */
  url: string;
  protocol: RemoteProtocol;
  /** Sent with every request (static, or a function for a fresh token). */
  headers?: RemoteHeaders;
  fetch?: typeof fetch;
  /** Page tools offered to the backend and run here when it calls them (a function: read at each run). */
  tools?: readonly Tool[] | (() => readonly Tool[]);
  /** Where conversations are kept (as with `createAgent`); default in memory. */
  store?: ConversationStore;
  /** Where the protocol's own messages are kept for resending; default IndexedDB where there is one. */
  threads?: RemoteThreadStore;
  /** Rounds (backend requests) per user message at most; default 10. */
  maxRounds?: number;
}

/** An agent on another server: the {@link ChatAgent} contract of `createAgent`'s, without a model in the page. */
export interface RemoteAgent extends ChatAgent {
  readonly url: string;
  readonly protocol: RemoteProtocol;
  /**
   * Picks up the answer the backend is still giving to `message` in `conversationId` — a turn a page sent
   * and did not see to its end (a reload, a link followed and back) — instead of asking again: AI SDK
   * backends that keep their streams (`GET <url>/<conversationId>/stream`, as `useChat({ resume: true })`
   * asks) stream it from its start, and the run goes on as {@link run}'s does (page tools, approvals, the
   * turn stored). When there is nothing to pick up (the backend answers 204, has no such route, or the
   * protocol has no resume request: AG-UI) the run starts and finishes with status `not-resumable`,
   * storing nothing. The turn must not be in the store yet.
   */
  resume(input: {
    conversationId: string;
    message: string;
    signal?: AbortSignal;
  }): AsyncGenerator<AgentEvent, void, undefined>;
  /** Answers an `approval.request` (`true` / `false`); the run continues once all of its requests are answered. */
  respond(
    requestId: string,
    value: unknown,
    options?: { signal?: AbortSignal },
  ): AsyncGenerator<AgentEvent, void, undefined>;
}

/**
 * Fronts an agent that runs elsewhere: an AI SDK route (`toUIMessageStreamResponse`) or an AG-UI endpoint.
 * Its runs yield our events; page tools run in the page when the backend calls them, and the run goes on.
 *
 * @example
 * const agent = remoteAgent({ url: '/api/chat', protocol: 'ai-sdk', tools: [pageTool] });
 * for await (const event of agent.run({ message: 'Hi' })) console.log(event.type);
 */
export function remoteAgent(options: RemoteAgentOptions): RemoteAgent {
  const protocol = checkRemoteProtocol(options.protocol);
  const url = options.url;
  const store = options.store ?? memoryStore();
  const fetch = checkedFetch(url, protocol, options.headers, options.fetch);
  let threads: RemoteThreadStore | undefined = options.threads;
  const loadDriver = lazyDriver(protocol, url, fetch);
  const pageTools = (): readonly Tool[] =>
    typeof options.tools === 'function' ? options.tools() : (options.tools ?? []);
  const toolMap = (): ReadonlyMap<string, Tool> => new Map(pageTools().map((t) => [t.name, t]));
  /** The session of a new turn: the conversation's thread so far, then the user's message. */
  const turnSession = async (conversationId: string, message: string): Promise<ProtocolSession> => {
    threads ??= defaultThreadStore();
    const thread = await reconciled(threads, store, conversationId, protocol, url);
    const session = (await loadDriver()).session({ conversationId, thread, pageTools: pageTools() });
    session.addUser(message);
    return session;
  };
  const paused = new Map<string, PausedRun>();
  const answers = new Map<PausedRun, Answer[]>();

  const context = (
    conversationId: string,
    session: ProtocolSession,
    record: TurnRecord,
    rounds: number,
    signal: AbortSignal | undefined,
  ): RemoteRunContext => ({
    session,
    conversationId,
    record,
    rounds,
    tools: toolMap(),
    signal: signal ?? new AbortController().signal,
    maxRounds: options.maxRounds ?? 10,
    pause: (run) => {
      for (const requestId of run.waiting.keys()) paused.set(requestId, run);
    },
    save: (r, s, failed) => {
      threads ??= defaultThreadStore();
      return saveTurn(threads, { url, protocol, store }, conversationId, r, s, failed);
    },
  });

  return {
    url,
    protocol,
    store,
    get tools() {
      return toolMap();
    },
    async *run(input) {
      const conversationId = input.conversationId ?? `conv_${crypto.randomUUID()}`;
      const session = await turnSession(conversationId, input.message);
      yield* remoteRun(context(conversationId, session, new TurnRecord(input.message), 0, input.signal), {
        type: 'run.start',
        conversationId,
        message: input.message,
      });
    },
    async *resume({ conversationId, message, signal }) {
      const session = await turnSession(conversationId, message);
      const ctx = context(conversationId, session, new TurnRecord(message), 0, signal);
      yield* remoteRun(ctx, { type: 'run.start', conversationId, message }, resumedRound(ctx));
    },
    async *respond(requestId, value, respondOptions) {
      const answered = takeAnswer(paused, answers, requestId, value);
      if (!answered) return;
      const { run, given } = answered;
      const ctx = context(run.conversationId, run.session, run.record, run.rounds, respondOptions?.signal);
      const { conversationId } = run;
      const start = { type: 'run.start', conversationId, message: '', resumes: requestId } as const;
      yield* remoteRun(ctx, start, answering(ctx, given));
    },
    pending: async (conversationId) => pendingRequests(paused, conversationId),
  };
}

/** Loads the protocol's driver (a chunk of its own) on first use. */
function lazyDriver(
  protocol: RemoteProtocol,
  url: string,
  fetch: typeof globalThis.fetch,
): () => Promise<ProtocolDriver> {
  let driver: Promise<ProtocolDriver> | undefined;
  return () =>
    (driver ??=
      protocol === 'ai-sdk'
        ? import('./ai-sdk/ai-sdk-driver.js').then((m) => m.aiSdkDriver(url, fetch))
        : import('./ag-ui/ag-ui-driver.js').then((m) => m.agUiDriver(url, fetch)));
}

/** A resumed run's opening: the backend's answer in flight is its first round, or there is none to resume. */
function resumedRound(ctx: RemoteRunContext): RunOpening {
  return async (emit) => {
    const calls = await ctx.session.resumeRound?.(emit, ctx.signal);
    if (!calls) return 'not-resumable';
    ctx.rounds++;
    return calls;
  };
}

interface Answer {
  call: PendingCall;
  approved: boolean;
}

/**
 * Records the answer to one of a paused run's requests; once none of its requests is left waiting, the
 * run and all its answers (to go on with). Throws on a request no run is waiting for.
 */
function takeAnswer(
  paused: Map<string, PausedRun>,
  answers: Map<PausedRun, Answer[]>,
  requestId: string,
  value: unknown,
): { run: PausedRun; given: Answer[] } | undefined {
  const run = paused.get(requestId);
  const call = run?.waiting.get(requestId);
  if (!run || !call) throw new UnknownRequestError(requestId);
  paused.delete(requestId);
  run.waiting.delete(requestId);
  const approved = value === true || (value as { approved?: unknown } | null)?.approved === true;
  const given = answers.get(run) ?? [];
  given.push({ call, approved });
  answers.set(run, given);
  if (run.waiting.size > 0) return undefined;
  answers.delete(run);
  return { run, given };
}

/** A continued run's opening: the answers go to the session, then a round asks the backend again. */
function answering(ctx: RemoteRunContext, given: readonly Answer[]): RunOpening {
  return async (emit) => {
    await applyAnswers(ctx, given, emit);
    return undefined;
  };
}

/** Hands the answers to the backend's session: approvals, page tools run, or declined calls. */
async function applyAnswers(
  ctx: RemoteRunContext,
  given: readonly Answer[],
  emit: (event: AgentEventBody) => void,
): Promise<void> {
  for (const answer of given) {
    if (answer.call.kind === 'approval') ctx.session.approval(answer.call, answer.approved);
    else if (answer.approved) await runPageTool(ctx, answer.call, emit);
    else {
      const error = 'The user declined this call.';
      emit({
        type: 'tool.error',
        toolCallId: answer.call.toolCallId,
        name: answer.call.name,
        error,
        durationMs: 0,
      });
      ctx.session.toolResult(answer.call, { ok: false, error });
    }
  }
}

/** The requests paused runs wait for (of one conversation, or all). */
function pendingRequests(paused: Map<string, PausedRun>, conversationId?: string): PendingRequest[] {
  return [...paused.entries()]
    .filter(([, run]) => !conversationId || run.conversationId === conversationId)
    .map(([requestId, run]) => {
      const call = run.waiting.get(requestId)!;
      return {
        requestId,
        kind: 'approval',
        conversationId: run.conversationId,
        toolCallId: call.toolCallId,
        name: call.name,
        args: call.args,
      };
    });
}

/** Keeps a finished turn: the protocol's messages in the thread store, ours in the conversation store. */
async function saveTurn(
  threads: RemoteThreadStore,
  { url, protocol, store }: { url: string; protocol: RemoteProtocol; store: ConversationStore },
  conversationId: string,
  record: TurnRecord,
  session: ProtocolSession,
  failed = false,
): Promise<void> {
  const thread: RemoteThread = (await threadFor(threads, url, conversationId)).thread ?? {
    protocol,
    turns: [],
  };
  const messages = session.turnMessages();
  // A failed turn keeps only the user's message, so the thread and the store count the same turns.
  thread.turns.push({ messages: failed ? messages.slice(0, 1) : messages });
  if (!failed) thread.state = session.state();
  await keepThread(threads, url, conversationId, thread);
  await store.append(conversationId, record.messages(failed));
}
