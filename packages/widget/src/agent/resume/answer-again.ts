import type { AgentEvent } from '@agent-chat/core';
import { type InFlightRun, removeInFlight, replays } from '../../shared/in-flight-store.js';
import type { SendDeps } from '../send-deps.js';

// Part of the lazy resume chunk: a run the visitor's approval had continued when the last page went (issue
// 42). Core keeps the answered checkpoint, and the results of the calls that ran, until the continued run is
// stored; giving the same answer again picks it up. Its model calls replay from the proxy's kept streams.

/** Picks up `run`, continued by `answer`; a run that was stored after all (the page went late) is left. */
export async function answerAgain(
  d: SendDeps,
  run: InFlightRun,
  answer: NonNullable<InFlightRun['answer']>,
): Promise<void> {
  let events: AsyncIterator<AgentEvent> | undefined;
  let first: IteratorResult<AgentEvent> | undefined;
  try {
    await d.source.resolve(d.conversations.store, await d.extraTools());
    events = (await d.source.respond(answer.requestId, answer.value, ''))?.[Symbol.asyncIterator]();
    first = await events?.next();
  } catch (error) {
    // `unknown_request`: the run was stored and its checkpoint dropped before the page went.
    if ((error as { code?: unknown }).code !== 'unknown_request') d.fail(error);
  }
  if (!events || !first || first.done) {
    replays.delete(d.host);
    await removeInFlight(run.conversationId).catch(() => {});
    return;
  }
  const started = first.value;
  const rest = events;
  await d.run.consume(async function* () {
    yield started;
    for (let next = await rest.next(); !next.done; next = await rest.next()) yield next.value;
  });
  d.conversations.sync();
}
