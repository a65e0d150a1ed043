// Loaded with import() (its own small chunk) when a visitor rates an answer or deletes a conversation
// in a widget with `proxy-url`: the proxy keeps the feedback with its transcript, and drops a deleted
// conversation from it too (issue 43). With transcripts off the proxy answers 204 and stores nothing.
// Best effort: the visitor's action is already done locally, so a failure only warns.

import { proxyFetches } from '../shared/proxy-fetch.js';

/** A request to `host`'s proxy, with its client token (or Turnstile) when it has one; undefined without proxy-url. */
async function toProxy(host: Element, path: string, init: RequestInit): Promise<Response | undefined> {
  const proxyUrl = host.getAttribute('proxy-url')?.trim().replace(/\/+$/, '');
  if (!proxyUrl) return undefined;
  const send = (await proxyFetches.get(host)?.()) ?? fetch;
  return send(`${proxyUrl}${path}`, init);
}

function warn(what: string) {
  return (error: unknown) => console.warn(`<agent-chat>: the proxy did not take the ${what}`, error);
}

/** Sends a rating (and its comment) to the proxy's transcript. */
export function sendTranscriptFeedback(
  host: Element,
  feedback: { conversationId: string; messageId: string; rating: 'up' | 'down'; comment?: string },
): Promise<void> {
  return toProxy(host, '/v1/transcripts/feedback', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(feedback),
  }).then(() => undefined, warn('feedback'));
}

/** Deletes the conversation from the proxy's transcript (only the visitor's own, the proxy checks). */
export function deleteTranscript(host: Element, conversationId: string): Promise<void> {
  return toProxy(host, `/v1/transcripts/conversations/${encodeURIComponent(conversationId)}`, {
    method: 'DELETE',
  }).then(() => undefined, warn('deletion'));
}
