import { AbortedError, ConfigurationError } from '../errors.js';
import { EventChannel } from '../event-channel.js';
import type { AgentEvent, AgentEventBody, RunStatus } from '../events.js';
import type { ChatModel } from '../model/chat-model.js';
import { withRetry } from '../model/retry.js';
import type { RunLogKind } from '../telemetry/run-log.js';
import { act } from './run/act.js';
import { decide, isEmpty, nudgeAfterEmptyAnswer } from './run/decide.js';
import { loadFeatures, openMemory } from './run/features.js';
import type { RunLoop, RunStart, RunState } from './run/run-types.js';
import { failRun, settleRun } from './run/settle.js';
import { announceStart, openingMessages } from './run/start.js';
import { prepareTurn } from './run/turn.js';
import type { RunCheckpoint } from './run-checkpoint-store.js';
import type { RunContext, RunSettings } from './run-settings.js';

export type { RunStart } from './run/run-types.js';

/**
 * One run: loads the conversation, lets the supervisor answer, call tools (all calls of a turn in
 * parallel), run a workflow or ask the user, and loops until an answer, a pause or `maxTurns`. Stores
 * the user's message and every finished turn in one append at the end, so an error or abort never
 * leaves half a turn behind. Its events are yielded as they happen.
 */
export function runAgent(
  settings: RunSettings,
  input: RunStart,
): AsyncGenerator<AgentEvent, void, undefined> {
  // The channel is what a generator object is at run time (its prototype's, `await using` included where the
  // runtime has it); the type says so for every TypeScript lib.
  return new EventChannel<AgentEvent>((channel) => {
    const resume = 'resume' in input ? input.resume : undefined;
    const message = 'resume' in input ? '' : input.message;
    if (!resume && (typeof message !== 'string' || message.trim() === ''))
      throw new ConfigurationError('agent.run: message must be a non-empty string.');
    const controller = new AbortController();
    const onAbort = () => controller.abort(input.signal?.reason);
    if (input.signal?.aborted) onAbort();
    input.signal?.addEventListener('abort', onAbort, { once: true });
    const run = runContext(settings, input, message, controller.signal, channel);
    let ended: RunStatus | undefined;
    execute(settings, run, resume).then(
      (status) => {
        ended = status;
        channel.close();
      },
      (error: unknown) => channel.close({ error }),
    );
    return () => {
      // The consumer stopped iterating (break, return, throw), or the run failed: stop any work left too. A
      // run that answered or paused has none, and leaves the last answer's body to finish draining, so its
      // connection serves the next run.
      if (ended !== 'completed' && ended !== 'waiting') controller.abort(new AbortedError());
      input.signal?.removeEventListener('abort', onAbort);
    };
  }) as unknown as AsyncGenerator<AgentEvent, void, undefined>;
}

/** The run's ids, signal, model (with the agent's retry policy) and where its events and log records go. */
function runContext(
  settings: RunSettings,
  input: RunStart,
  message: string,
  signal: AbortSignal,
  events: EventChannel<AgentEvent>,
): RunContext {
  // One random UUID (122 random bits) makes both ids: a run's first moments are on every conversation's path.
  const random = crypto.randomUUID().replaceAll('-', '');
  const runId = `run_${random.slice(0, 16)}`;
  const conversationId =
    'resume' in input ? input.resume.conversationId : (input.conversationId ?? `conv_${random.slice(16)}`);
  let seq = 0;
  // Every call site hands over a new object: it becomes the event (no copy for each of a turn's dozen events).
  const emit = (body: AgentEventBody) => {
    const event = body as AgentEvent;
    event.runId = runId;
    event.seq = seq++;
    event.ts = Date.now();
    events.push(event);
  };
  const logging = settings.runLog !== undefined || settings.telemetry !== undefined;
  // Records are built only when something keeps them.
  const log = (kind: RunLogKind, fields: Record<string, unknown> = {}) => {
    if (!logging) return;
    const record = { kind, ts: Date.now(), runId, conversationId, ...fields };
    settings.runLog?.append(record);
    settings.telemetry?.record(record);
  };
  return {
    runId,
    conversationId,
    message,
    images: 'resume' in input ? undefined : input.images,
    signal,
    model: retrying(settings, log),
    emit,
    log,
    logging,
  };
}

function retrying(settings: RunSettings, log: RunContext['log']): ChatModel {
  if (settings.retry === false) return settings.model;
  return withRetry(settings.model, {
    ...settings.retry,
    onRetry: ({ attempt, delayMs, error }) =>
      log('model.retry', { attempt, delayMs: Math.round(delayMs), code: error.code, message: error.message }),
  });
}

/**
 * The run as a pipeline of steps (each in `run/`): start, the history, memory, the opening messages, the
 * features the agent uses, the turns (prepare, decide, act, reflect), and the checkpoint that stores what
 * the run finished however it ended.
 */
async function execute(
  settings: RunSettings,
  run: RunContext,
  resume: RunCheckpoint | undefined,
): Promise<RunStatus> {
  announceStart(settings, run, resume);
  const state: RunState = { finished: [], turns: 0, status: 'completed' };
  try {
    const history = await settings.store.load(run.conversationId);
    const opened = await openMemory(settings, run, history);
    state.memory = opened.memory;
    state.finished.push(...(await openingMessages(opened.settings, run, resume, history)));
    await runTurns(await loadFeatures(opened.settings, run, history, opened.memory), run, state);
  } catch (caught) {
    failRun(run, state, caught);
  }
  await settleRun(settings, run, state);
  return state.status;
}

/** The supervisor's turns, until an answer, a pause, a blocked verdict or `limits.maxTurns`. */
async function runTurns(loop: RunLoop, run: RunContext, state: RunState): Promise<void> {
  const { settings, reflection } = loop;
  let iterations = 0;
  // After a reflection verdict, the note that makes the model answer (a plain call without tools).
  let note: string | undefined;
  // An empty answer is asked again once, with a nudge (recovery/empty-answer.ts).
  let nudge: string | undefined;
  let nudged = false;
  for (;;) {
    if (run.signal.aborted) throw new AbortedError(run.signal.reason);
    if (state.turns >= settings.maxTurns) {
      state.status = 'max-turns';
      state.message = `Stopped after ${settings.maxTurns} model calls without a final answer (limits.maxTurns).`;
      return;
    }
    const turn = ++state.turns;
    const answerOnly = note !== undefined;
    run.emit({ type: 'supervisor.thinking', iteration: turn, mode: settings.mode });
    const input = await prepareTurn(loop, state.finished, turn, { answerOnly, nudge });
    nudge = undefined;
    const decision = await decide(loop, run, input, turn, note);
    if (!nudged && isEmpty(decision)) {
      nudged = true;
      nudge = await nudgeAfterEmptyAnswer(run, turn);
      continue;
    }
    if ((await act(loop, run, input, decision, state)) === 'stop') return;
    if (reflection && !answerOnly) {
      // Step 7 loads with reflection on (a plain chat never reflects).
      const { reflectOnTurn } = await import('./run/reflect.js');
      note = await reflectOnTurn(reflection, loop, run, state, ++iterations);
    }
  }
}
