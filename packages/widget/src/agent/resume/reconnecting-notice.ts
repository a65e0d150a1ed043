import { resolveStrings } from '../../i18n/strings.js';
import type { WidgetHost } from '../../shared/widget-host.js';

// Loaded by run-tracker.ts with the first dropped connection: the "Reconnecting…" notice (part `reconnecting`)
// shown while the model's stream is being resumed (issue 42).

const RECONNECTING = 'Reconnecting…';

/** Shows the notice (`on`) or removes it, unless the element's state has changed since it was asked for. */
export function showReconnecting(host: HTMLElement, on: boolean): void {
  const root = host.shadowRoot;
  const shown = root?.querySelector('[part~="reconnecting"]');
  if (!on || !host.hasAttribute('reconnecting')) {
    shown?.remove();
    return;
  }
  if (shown || !root) return;
  const notice = document.createElement('p');
  notice.setAttribute('part', 'reconnecting');
  notice.setAttribute('role', 'status');
  notice.className = 'notice';
  const strings = resolveStrings(host.lang, (host as Partial<WidgetHost>).strings);
  notice.textContent = strings.reconnecting ?? RECONNECTING;
  // Outside every part Lit re-renders, like the transcript notice, so it stays until the rest comes.
  root.querySelector('slot[name="turnstile"]')?.after(notice);
}
