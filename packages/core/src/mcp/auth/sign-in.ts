/** What {@link SignIn.open} is told about the sign-in it runs. */
export interface SignInContext {
  signal: AbortSignal;
  /** The server being signed in to (for window titles and messages). */
  serverId: string;
  /** Called before the page navigates away to the authorization server (the redirect fallback). */
  beforeRedirect?: () => Promise<void>;
}

/**
 * How the user's browser visits the authorization server and brings back the redirect that carries
 * `code` and `state` (or `error`). {@link popupSignIn} in a page; {@link headlessSignIn} for tests and
 * servers that sign in without a user (it follows the redirects itself).
 */
export interface SignIn {
  /**
   * True when `open` needs a user gesture (a popup): the hub then asks the user first (a
   * `clarify.request` from the `mcp-auth` source, or a Connect button calling `hub.signIn`) and calls
   * `open` synchronously inside that answer.
   */
  readonly needsUser: boolean;
  /**
   * Visits the authorization URL and resolves with the redirect URL it came back to. `url` may be a
   * promise: a popup opens at once (inside the click) and navigates when the URL is known.
   */
  open(url: URL | Promise<URL>, context: SignInContext): Promise<URL>;
}

/**
 * A {@link SignIn} that follows the authorization server's redirects with `fetch` (no browser, no user):
 * for authorization servers that approve without a login page, such as test servers.
 */
export function headlessSignIn(options: { redirectUrl: string | URL; fetch?: typeof fetch }): SignIn {
  const redirect = String(options.redirectUrl);
  return {
    needsUser: false,
    async open(url, { signal }) {
      let next = await url;
      for (let hop = 0; hop < 10; hop++) {
        if (next.href.startsWith(redirect)) return next;
        const response = await (options.fetch ?? fetch)(next, { redirect: 'manual', signal });
        await response.body?.cancel();
        const location = response.headers.get('location');
        if (!location)
          throw new Error(`the authorization page answered ${response.status} without a redirect`);
        next = new URL(location, next);
      }
      throw new Error('the authorization server redirected more than 10 times');
    },
  };
}
