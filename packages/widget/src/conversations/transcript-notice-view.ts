import type { ReactiveElement } from 'lit';

// Loaded by transcript-notice.ts only when the proxy keeps transcripts: a proxy that does not never costs a
// visitor the wording below.

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

/** Shows the notice above the composer, worded by the page's `transcript-notice` attribute or the default. */
export function renderTranscriptNotice(host: ReactiveElement): void {
  if (host.renderRoot.querySelector('[part~="transcript-notice"]')) return;
  const notice = document.createElement('p');
  notice.setAttribute('part', 'transcript-notice');
  notice.className = 'notice';
  notice.textContent = transcriptNoticeText(host.getAttribute('transcript-notice'), host.lang || 'en');
  // After the static turnstile slot, outside every part Lit re-renders, so it stays.
  host.renderRoot.querySelector('slot[name="turnstile"]')?.after(notice);
}
