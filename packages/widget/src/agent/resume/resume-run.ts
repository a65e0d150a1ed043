import { type InFlightRun, loadInFlight, removeInFlight, replays } from '../../shared/in-flight-store.js';
import type { SendDeps } from '../send-deps.js';
import { answerAgain } from './answer-again.js';
import { showPaused } from './paused-requests.js';
import { offerRegenerate, soFar } from './regenerate-offer.js';
import { resumeRemote } from './resume-remote.js';

// A lazy chunk, loaded on the element's first update when the last page left a run in flight or paused (a
// reload, a link followed and back). A paused run's questions are asked again (paused-requests.ts). A run in
// flight is picked up: through a proxy, the answer so far shows at once; the run is sent again (or, when the
// visitor's approval had continued it, the same answer is given again: answer-again.ts) with its model calls
// replayed from the proxy's kept streams and its tool results given back, so nothing is paid for twice and
// no tool runs twice (issue 42). A run whose streams are gone shows as interrupted, with Regenerate (which
// asks the model again). With `agent-url`, the remote agent's own resume request picks the answer up
// (resume-remote.ts).

/** Picks up the in-flight run of the conversation the element restored, if the last page left one. */
export async function resumeAfterReload(
  d: SendDeps,
  send: (message: string) => Promise<void>,
): Promise<void> {
  const host = d.host;
  const proxyUrl = host.getAttribute('proxy-url')?.trim().replace(/\/+$/, '');
  const remote = host.hasAttribute('agent-url');
  if (host.getAttribute('resume') === 'off' || ('agent' in host && host.agent)) return;
  if (!proxyUrl && !remote) return;
  const run = await leftInFlight(d);
  // Nothing in flight: a paused run's questions are asked again (the element's own agent keeps paused runs).
  if (!run) return remote ? undefined : showPaused(d);
  if (remote) return resumeRemote(d, run, send);
  const shown = soFar(run);
  d.run.patch((items) => [...items, ...shown]);
  const last = run.streams.at(-1);
  const streamKept = last === undefined || (await kept(`${proxyUrl}/v1/streams/${encodeURIComponent(last)}`));
  if (!streamKept && !run.answer) {
    await removeInFlight(run.conversationId).catch(() => {});
    offerRegenerate(d, shown, run.message, send);
    return;
  }
  // The replayed run shows its own user message and rebuilds the answer from the kept streams.
  d.run.patch((items) => items.filter((item) => !shown.includes(item)));
  // An approved run whose streams are gone is still picked up: its calls that ran are not run again, and
  // only its model calls are made again.
  replays.set(host, streamKept ? run : { ...run, streams: [] });
  if (run.answer) await answerAgain(d, run, run.answer);
  else await send(run.message);
}

/** The run the last page left in flight in the conversation the element restored, if it did not settle. */
async function leftInFlight(d: SendDeps): Promise<InFlightRun | undefined> {
  await d.conversations.restored;
  const conversationId = d.run.conversationId ?? d.host.getAttribute('conversation-id') ?? undefined;
  if (!conversationId || d.run.status !== 'idle') return undefined;
  const run = await loadInFlight(conversationId).catch(() => undefined);
  if (!run) return undefined;
  // The run settled (its record's removal did not finish before the page went): nothing to pick up.
  const lastUser = d.run.transcript.findLast((item) => item.kind === 'user');
  if (lastUser?.kind === 'user' && lastUser.text === run.message) {
    await removeInFlight(conversationId).catch(() => {});
    return undefined;
  }
  return run;
}

// Whether the proxy still keeps the stream (404: expired or stopped; 403: another client now). Anything
// else (a token the page has not got yet, a proxy that is down) is left to the replay to find out.
async function kept(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { headers: { 'Last-Event-ID': '0' } });
    await response.body?.cancel().catch(() => {});
    return response.status !== 404 && response.status !== 403;
  } catch {
    return true;
  }
}
