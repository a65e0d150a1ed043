import type { TranscriptItem } from '../../transcript-model/transcript-items.js';
import type { SendDeps } from '../send-deps.js';
import { type InFlightRun, loadInFlight, removeInFlight, replays } from './in-flight-store.js';

// A lazy chunk, loaded on the element's first update when it talks to a proxy: a run the last page left
// in flight (a reload, a link followed and back) is picked up. The answer so far shows at once; the run
// is sent again with its model calls replayed from the proxy's kept streams and its tool results given
// back, so nothing is paid for twice and no tool runs twice (issue 42). A run whose streams are gone
// shows as interrupted, with Regenerate (which asks the model again).

const REGENERATE = 'Regenerate';

/** Picks up the in-flight run of the conversation the element restored, if the last page left one. */
export async function resumeAfterReload(
  d: SendDeps,
  send: (message: string) => Promise<void>,
): Promise<void> {
  const host = d.host;
  const proxyUrl = host.getAttribute('proxy-url')?.trim().replace(/\/+$/, '');
  if (!proxyUrl || host.getAttribute('resume') === 'off' || host.hasAttribute('agent-url')) return;
  if ('agent' in host && host.agent) return;
  await d.conversations.restored;
  const conversationId = d.run.conversationId ?? host.getAttribute('conversation-id') ?? undefined;
  if (!conversationId || d.run.status !== 'idle') return;
  const run = await loadInFlight(conversationId).catch(() => undefined);
  if (!run) return;
  // The run settled (its record's removal did not finish before the page went): nothing to pick up.
  const lastUser = d.run.transcript.findLast((item) => item.kind === 'user');
  if (lastUser?.kind === 'user' && lastUser.text === run.message) {
    await removeInFlight(conversationId).catch(() => {});
    return;
  }
  const shown = soFar(run);
  d.run.patch((items) => [...items, ...shown]);
  const last = run.streams.at(-1);
  if (last !== undefined && !(await kept(`${proxyUrl}/v1/streams/${encodeURIComponent(last)}`))) {
    await removeInFlight(conversationId).catch(() => {});
    offerRegenerate(d, shown, run.message, send);
    return;
  }
  // The replayed run shows its own user message and rebuilds the answer from the kept streams.
  d.run.patch((items) => items.filter((item) => !shown.includes(item)));
  replays.set(host, run);
  await send(run.message);
}

function soFar(run: InFlightRun): TranscriptItem[] {
  const id = `resumed:${run.conversationId}`;
  return [
    { kind: 'user', id: `${id}:user`, text: run.message },
    { kind: 'assistant', id: `${id}:answer`, runId: id, turn: 0, text: run.text, stopped: false },
  ];
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

function offerRegenerate(
  d: SendDeps,
  shown: TranscriptItem[],
  message: string,
  send: (message: string) => Promise<void>,
): void {
  d.run.patch((items) =>
    items.map((item) =>
      item === shown[1] && item.kind === 'assistant' ? { ...item, interrupted: true } : item,
    ),
  );
  const root = d.host.shadowRoot;
  if (!root || root.querySelector('[part~="resume-regenerate"]')) return;
  const button = document.createElement('button');
  button.type = 'button';
  button.setAttribute('part', 'resume-regenerate');
  button.textContent = REGENERATE;
  button.addEventListener('click', () => {
    button.remove();
    d.run.patch((items) => items.filter((item) => item.id !== shown[0]!.id && item.id !== shown[1]!.id));
    void send(message);
  });
  // Outside every part Lit re-renders (like the transcript notice), so it stays until used.
  root.querySelector('slot[name="turnstile"]')?.after(button);
}
