import type { AgentEvent, ChatAgent } from '@agent-chat/core';
import type { RemoteAgent } from '@agent-chat/core/remote';
import { type InFlightRun, removeInFlight } from '../../shared/in-flight-store.js';
import type { TranscriptItem } from '../../transcript-model/transcript-items.js';
import type { SendDeps } from '../send-deps.js';
import { offerRegenerate, soFar } from './regenerate-offer.js';

// Part of the lazy resume chunk: with `agent-url` (the AI SDK protocol), a run the last page left in flight
// is picked up with the AI SDK's own resume request (`RemoteAgent.resume`: GET <agent-url>/<id>/stream). The
// answer so far shows at once; the backend's answer then streams from its start in its place and the run
// goes on and is stored as any run. A backend with nothing to give (204, no such route) leaves the answer so
// far shown as interrupted, with Regenerate — never as complete (issue 42 item 6).

/** Picks `run` up through the element's remote agent, or shows it as interrupted. */
export async function resumeRemote(
  d: SendDeps,
  run: InFlightRun,
  send: (message: string) => Promise<void>,
): Promise<void> {
  const shown = soFar(run);
  d.run.patch((items) => [...items, ...shown]);
  let agent: ChatAgent;
  try {
    agent = await d.source.resolve(d.conversations.store, await d.extraTools());
  } catch (error) {
    offerRegenerate(d, shown, run.message, send);
    throw error;
  }
  const { conversationId, message } = run;
  const outcome = resumable(agent)
    ? await d.run.consume((signal) => inPlaceOf(shown, d, agent.resume({ conversationId, message, signal })))
    : 'not-resumable';
  // Nothing picked up (or the agent could not start): the answer so far stays, as interrupted.
  if (outcome === 'not-resumable' || outcome === 'not-started') {
    await removeInFlight(conversationId).catch(() => {});
    offerRegenerate(d, shown, message, send);
  } else d.conversations.sync();
}

function resumable(agent: ChatAgent): agent is ChatAgent & Pick<RemoteAgent, 'resume'> {
  return 'resume' in agent && typeof agent.resume === 'function';
}

/**
 * The resumed run's events, its `run.start` held back until the backend gives something: then the answer
 * shown so far leaves for the run's own. A run that finds nothing to resume leaves it where it is.
 */
async function* inPlaceOf(
  shown: readonly TranscriptItem[],
  d: SendDeps,
  events: AsyncIterable<AgentEvent>,
): AsyncGenerator<AgentEvent, void, undefined> {
  let start: AgentEvent | undefined;
  for await (const event of events) {
    if (event.type === 'run.start') {
      start = event;
      continue;
    }
    if (start && !(event.type === 'run.finish' && event.status === 'not-resumable')) {
      d.run.patch((items) => items.filter((item) => !shown.includes(item)));
      yield start;
      start = undefined;
    }
    yield event;
  }
}
