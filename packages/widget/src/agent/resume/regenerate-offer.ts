import { resolveStrings } from '../../i18n/strings.js';
import type { InFlightRun } from '../../shared/in-flight-store.js';
import type { TranscriptItem } from '../../transcript-model/transcript-items.js';
import type { SendDeps } from '../send-deps.js';

// Part of the lazy resume chunk: what a reload shows of a run the last page left in flight at once, and,
// when it cannot be picked up any more, that run as interrupted with Regenerate (which asks again).

/** The user's message (if the run had one) and the answer so far, as a reload shows them before it is picked up. */
export function soFar(run: InFlightRun): TranscriptItem[] {
  const id = `resumed:${run.conversationId}`;
  const answer: TranscriptItem = {
    kind: 'assistant',
    id: `${id}:answer`,
    runId: id,
    turn: 0,
    text: run.text,
    stopped: false,
  };
  // A run continued by an approval has no message of its own: its user message is already shown.
  return run.answer ? [answer] : [{ kind: 'user', id: `${id}:user`, text: run.message }, answer];
}

/**
 * Marks `shown` (the user's message and the answer so far) as interrupted and offers Regenerate
 * (part `resume-regenerate`): it removes both and sends `message` again.
 */
export function offerRegenerate(
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
  button.textContent = resolveStrings(d.host.lang, d.host.strings).regenerate;
  button.addEventListener('click', () => {
    button.remove();
    d.run.patch((items) => items.filter((item) => item.id !== shown[0]!.id && item.id !== shown[1]!.id));
    void send(message);
  });
  // Outside every part Lit re-renders (like the transcript notice), so it stays until used.
  root.querySelector('slot[name="turnstile"]')?.after(button);
}
