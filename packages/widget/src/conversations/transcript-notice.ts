import type { ReactiveElement } from 'lit';

// Part of the lazy agent chunk (loaded when the element connects with `proxy-url`): when the proxy keeps
// transcripts (`GET /v1/transcripts` says "on"), the visitor is told before they type (issue 43). The
// wording is the page's `transcript-notice` attribute, else a default in the element's language.

const DEFAULTS: Record<string, string> = {
  en: 'This chat is stored to improve the service. Email addresses, phone and card numbers are masked.',
  de: 'Dieser Chat wird gespeichert, um den Dienst zu verbessern. E-Mail-Adressen, Telefon- und Kartennummern werden maskiert.',
  fr: 'Cette conversation est enregistrée pour améliorer le service. Adresses e-mail, numéros de téléphone et de carte sont masqués.',
};

/** The notice's text for `lang` (`de-CH` → `de`), unless the page worded it. */
export function transcriptNoticeText(attribute: string | null, lang: string): string {
  if (attribute?.trim()) return attribute.trim();
  return DEFAULTS[lang.toLowerCase().split('-')[0] ?? 'en'] ?? DEFAULTS.en!;
}

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
  await host.updateComplete;
  if (host.renderRoot.querySelector('[part~="transcript-notice"]')) return;
  const notice = document.createElement('p');
  notice.setAttribute('part', 'transcript-notice');
  notice.className = 'notice';
  notice.textContent = transcriptNoticeText(host.getAttribute('transcript-notice'), host.lang || 'en');
  // After the static turnstile slot, outside every part Lit re-renders, so it stays.
  host.renderRoot.querySelector('slot[name="turnstile"]')?.after(notice);
}
