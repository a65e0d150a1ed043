import { TokenEndpointError } from '../shared/widget-errors.js';

/** Renew this long before the token expires, so a request never leaves with one about to lapse. */
const RENEW_MARGIN_MS = 30_000;

/**
 * The short-lived client token of `token-url`: fetched from the site's endpoint on first use, renewed
 * before it expires (a timer, and a check before each request), and sent as `Authorization: Bearer` by
 * {@link ClientToken.fetch}, which model adapters and the MCP hub use. A request the proxy refuses
 * because the token expired is sent once more with a new one.
 */
export class ClientToken {
  readonly url: string;
  #current: { token: string; expiresAt: number } | undefined;
  #pending: Promise<string> | undefined;
  #timer: ReturnType<typeof setTimeout> | undefined;
  readonly #now: () => number;

  constructor(url: string, now: () => number = Date.now) {
    this.url = url;
    this.#now = now;
  }

  /** A token valid for at least the renew margin; throws {@link TokenEndpointError}. */
  get(): Promise<string> {
    const current = this.#current;
    if (current && current.expiresAt - this.#now() > RENEW_MARGIN_MS) return Promise.resolve(current.token);
    return this.renew();
  }

  /** Fetches a new token now (one request however many callers wait). */
  renew(): Promise<string> {
    this.#pending ??= this.#request().finally(() => {
      this.#pending = undefined;
    });
    return this.#pending;
  }

  /** `fetch` with the token; a 401 for an expired or invalid token is retried once with a new one. */
  readonly fetch: typeof fetch = async (input, init) => {
    const send = (token: string) => {
      const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
      headers.set('Authorization', `Bearer ${token}`);
      return globalThis.fetch(input, { ...init, headers });
    };
    const response = await send(await this.get());
    if (response.status !== 401 || !(await refusedToken(response.clone()))) return response;
    return send(await this.renew());
  };

  /** Stops the renewal timer (the element was removed). */
  stop(): void {
    clearTimeout(this.#timer);
  }

  async #request(): Promise<string> {
    let response: Response;
    try {
      response = await globalThis.fetch(this.url, {
        credentials: 'same-origin',
        cache: 'no-store',
        headers: { Accept: 'application/json' },
      });
    } catch (error) {
      throw new TokenEndpointError(this.url, 'it could not be reached', { cause: error });
    }
    if (!response.ok)
      throw new TokenEndpointError(this.url, `HTTP ${response.status}`, { status: response.status });
    const body: unknown = await response.json().catch(() => undefined);
    const { token, expiresAt, expiresIn } = (body ?? {}) as {
      token?: unknown;
      expiresAt?: unknown;
      expiresIn?: unknown;
    };
    if (typeof token !== 'string' || !token)
      throw new TokenEndpointError(this.url, 'its answer has no "token" string', { status: response.status });
    const expires =
      typeof expiresAt === 'number'
        ? expiresAt
        : typeof expiresIn === 'number'
          ? this.#now() + expiresIn * 1000
          : (expiryOf(token) ?? this.#now() + 5 * 60_000);
    this.#current = { token, expiresAt: expires };
    clearTimeout(this.#timer);
    // Renew ahead of time while the page stays open; get() checks again before each request anyway.
    const delay = Math.max(1_000, expires - this.#now() - RENEW_MARGIN_MS);
    this.#timer = setTimeout(() => void this.renew().catch(() => undefined), delay);
    return token;
  }
}

/** The `exp` (seconds) of an agent-chat proxy token `<base64url(JSON)>.<signature>`, in ms. */
function expiryOf(token: string): number | undefined {
  try {
    const payload = token.split('.')[0]!.replaceAll('-', '+').replaceAll('_', '/');
    const { exp } = JSON.parse(atob(payload)) as { exp?: unknown };
    return typeof exp === 'number' ? exp * 1000 : undefined;
  } catch {
    return undefined;
  }
}

/** Whether a 401 is the proxy refusing the token (expired or not valid), as opposed to another 401. */
async function refusedToken(response: Response): Promise<boolean> {
  const body = (await response.json().catch(() => undefined)) as { error?: { code?: unknown } } | undefined;
  const code = body?.error?.code;
  return code === 'token_expired' || code === 'token_invalid';
}
