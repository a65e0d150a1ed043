// Loaded (a chunk of its own) only by an element with `turnstile-site-key`.

/** Cloudflare Turnstile's script, rendered explicitly into the element's `turnstile` slot. */
export const TURNSTILE_SCRIPT = 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit';

interface TurnstileApi {
  render(
    container: HTMLElement,
    options: {
      sitekey: string;
      callback: (token: string) => void;
      'error-callback': (code?: string) => boolean | undefined;
      'expired-callback': () => void;
    },
  ): string | undefined;
  remove(widgetId: string): void;
}

declare global {
  interface Window {
    turnstile?: TurnstileApi;
  }
}

/** A client token from the proxy and when it stops being accepted (ms since the epoch). */
interface ClientToken {
  token: string;
  expiresAt: number;
}

/**
 * The client token of an `<agent-chat turnstile-site-key>`: the visitor passes Cloudflare Turnstile,
 * the proxy trades that token (`POST /v1/turnstile`) for a short-lived client token, and {@link fetch}
 * sends it as `Authorization: Bearer` on every model call, renewing it a minute before it expires or
 * when the proxy answers 401. A renewal sends the previous client token along, so the visitor stays
 * one client (one rate window, one day's credits) for the proxy. A failed check comes back as the proxy's own 403, which core turns into
 * a typed error saying so.
 */
export class TurnstileToken {
  #current: ClientToken | undefined;
  /** The last client token obtained, kept after it expires: a renewal shows it to stay the same client. */
  #previous: string | undefined;
  #pending: Promise<ClientToken | Response> | undefined;

  constructor(
    readonly host: HTMLElement,
    readonly proxyUrl: string,
    readonly siteKey: string,
  ) {}

  /** `fetch` for core's model adapter: adds the client token, obtaining one first when needed. */
  readonly fetch: typeof fetch = async (input, init) => {
    for (let attempt = 0; ; attempt++) {
      const token = await this.#token();
      if (token instanceof Response) return token;
      const headers = new Headers(init?.headers);
      headers.set('Authorization', `Bearer ${token.token}`);
      const response = await globalThis.fetch(input, { ...init, headers });
      if (response.status !== 401 || attempt > 0) return response;
      // Expired or refused: solve Turnstile again once.
      this.#current = undefined;
      await response.body?.cancel();
    }
  };

  #token(): Promise<ClientToken | Response> {
    const current = this.#current;
    if (current && current.expiresAt - 60_000 > Date.now()) return Promise.resolve(current);
    this.#pending ??= this.#obtain().finally(() => {
      this.#pending = undefined;
    });
    return this.#pending;
  }

  async #obtain(): Promise<ClientToken | Response> {
    let check: string;
    try {
      check = await this.#solve();
    } catch (error) {
      return refusal(
        `The Turnstile bot check could not run: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    const response = await globalThis.fetch(`${this.proxyUrl.replace(/\/+$/, '')}/v1/turnstile`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      // With the previous client token the proxy keeps this visitor's subject, so the rate window
      // and the day's credits carry on across renewals instead of starting afresh.
      body: JSON.stringify({
        token: check,
        ...(this.#previous === undefined ? {} : { previous: this.#previous }),
      }),
    });
    if (!response.ok) return response;
    const body = (await response.json()) as { token: string; expiresAt: string };
    this.#current = { token: body.token, expiresAt: Date.parse(body.expiresAt) };
    this.#previous = body.token;
    return this.#current;
  }

  /** Renders Turnstile into the element's `turnstile` slot and resolves with its token. */
  async #solve(): Promise<string> {
    const api = await loadTurnstile();
    const container = document.createElement('div');
    container.slot = 'turnstile';
    this.host.append(container);
    let widgetId: string | undefined;
    try {
      return await new Promise<string>((resolve, reject) => {
        widgetId = api.render(container, {
          sitekey: this.siteKey,
          callback: resolve,
          'error-callback': (code) => {
            reject(new Error(`Turnstile failed${code ? ` (${code})` : ''}; check turnstile-site-key.`));
            return true;
          },
          'expired-callback': () => reject(new Error('the Turnstile challenge expired; send again.')),
        });
      });
    } finally {
      if (widgetId !== undefined) api.remove(widgetId);
      container.remove();
    }
  }
}

let loading: Promise<TurnstileApi> | undefined;

/** Adds Turnstile's script to the page once (unless the page loaded it already) and waits for it. */
function loadTurnstile(): Promise<TurnstileApi> {
  if (window.turnstile) return Promise.resolve(window.turnstile);
  loading ??= new Promise<TurnstileApi>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = TURNSTILE_SCRIPT;
    script.async = true;
    script.onload = () =>
      window.turnstile ? resolve(window.turnstile) : reject(new Error('its script defined no turnstile'));
    script.onerror = () => {
      loading = undefined;
      reject(new Error(`its script did not load from ${TURNSTILE_SCRIPT}`));
    };
    document.head.append(script);
  });
  return loading;
}

function refusal(message: string): Response {
  return Response.json({ error: { code: 'turnstile_failed', message } }, { status: 403 });
}
