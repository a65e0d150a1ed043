// The redirect fallback (popup blocked): the same tab leaves for the authorization server and comes
// back. sessionStorage carries where to return, the redirect URL, and what the app asked to keep (the
// turn that waited for the sign-in), so the page can go on where it stopped.

const RETURN_KEY = 'agent-chat:mcp-sign-in:return';
const CALLBACK_KEY = 'agent-chat:mcp-sign-in:callback';

/** What the tab keeps while it is away: the server, where to return, and the app's state. */
interface Away {
  serverKey: string;
  returnTo: string;
  state?: unknown;
}

/** A redirect that came back, with the app's state from before it left. */
export interface ReturnedSignIn {
  url: URL;
  state: unknown;
}

/** Before the tab leaves for the authorization server: where to come back to, for which server, and `state`. */
export function rememberReturn(serverKey: string, returnTo: string, state?: unknown): void {
  const away: Away = { serverKey, returnTo, ...(state === undefined ? {} : { state }) };
  sessionStorage.setItem(RETURN_KEY, JSON.stringify(away));
}

/** On the redirect page, in the tab that left: keeps the redirect URL and says where to go back. */
export function storeCallback(url: string): string | undefined {
  const raw = sessionStorage.getItem(RETURN_KEY);
  if (!raw) return undefined;
  sessionStorage.removeItem(RETURN_KEY);
  const { serverKey, returnTo, state } = JSON.parse(raw) as Away;
  sessionStorage.setItem(CALLBACK_KEY, JSON.stringify({ serverKey, url, state }));
  return returnTo;
}

/**
 * True on a page that came back from a redirect sign-in (popup blocked) that no `McpHub` has finished
 * yet: start the hub now (`start()` finishes it), then run again what `takeResumedSignIns()` gives back.
 */
export function mcpSignInReturned(): boolean {
  return typeof sessionStorage !== 'undefined' && sessionStorage.getItem(CALLBACK_KEY) !== null;
}

/** Back on the page: the redirect URL kept for this server and the app's state, taken once. */
export function takeCallback(serverKey: string): ReturnedSignIn | undefined {
  if (typeof sessionStorage === 'undefined') return undefined;
  const raw = sessionStorage.getItem(CALLBACK_KEY);
  if (!raw) return undefined;
  const stored = JSON.parse(raw) as { serverKey: string; url: string; state?: unknown };
  if (stored.serverKey !== serverKey) return undefined;
  sessionStorage.removeItem(CALLBACK_KEY);
  return { url: new URL(stored.url), state: stored.state };
}
