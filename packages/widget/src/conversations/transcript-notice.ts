import type { ReactiveElement } from 'lit';

// Part of the lazy agent chunk (loaded when the element connects with `proxy-url`): when the proxy keeps
// transcripts (`GET /v1/transcripts` says "on"), the visitor is told before they type (issue 43). The
// wording is the page's `transcript-notice` attribute, else a default in the element's language
// (transcript-notice-view.ts, loaded only when the proxy says "on").

/**
 * Asks the proxy whether it keeps transcripts and, if so, shows the notice above the composer (once per
 * element). A proxy that cannot say (older, offline) shows nothing: it does not store either.
 */
export async function showTranscriptNotice(host: ReactiveElement): Promise<void> {
  // A page that sets `.agent` right after adding the element talks to its own agent, not through
  // `proxy-url`: give it that task's turn before asking the proxy.
  await host.updateComplete;
  await new Promise((resolve) => setTimeout(resolve, 0));
  const proxyUrl = host.getAttribute('proxy-url')?.trim().replace(/\/+$/, '');
  if (!proxyUrl || ('agent' in host && host.agent)) return;
  if (host.renderRoot.querySelector('[part~="transcript-notice"]')) return;
  const status = await fetch(`${proxyUrl}/v1/transcripts`)
    .then((response) => (response.ok ? (response.json() as Promise<{ transcripts?: string }>) : undefined))
    .catch(() => undefined);
  if (status?.transcripts !== 'on') return;
  const { renderTranscriptNotice } = await import('./transcript-notice-view.js');
  await host.updateComplete;
  renderTranscriptNotice(host);
}
