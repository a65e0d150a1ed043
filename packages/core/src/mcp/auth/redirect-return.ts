// The redirect fallback (popup blocked): the same tab leaves for the authorization server and comes
// back. sessionStorage carries where to return, the redirect URL, and what the app asked to keep.

const RETURN_KEY = 'agent-chat:mcp-sign-in:return';
const CALLBACK_KEY = 'agent-chat:mcp-sign-in:callback';

/** Before the tab leaves for the authorization server: where to come back to, and for which server. */
export function rememberReturn(serverKey: string, returnTo: string): void {
  sessionStorage.setItem(RETURN_KEY, JSON.stringify({ serverKey, returnTo }));
}

/** On the redirect page, in the tab that left: keeps the redirect URL and says where to go back. */
export function storeCallback(url: string): string | undefined {
  const raw = sessionStorage.getItem(RETURN_KEY);
  if (!raw) return undefined;
  sessionStorage.removeItem(RETURN_KEY);
  const { serverKey, returnTo } = JSON.parse(raw) as { serverKey: string; returnTo: string };
  sessionStorage.setItem(CALLBACK_KEY, JSON.stringify({ serverKey, url }));
  return returnTo;
}

/** Back on the page: the redirect URL kept for this server, taken once. */
export function takeCallback(serverKey: string): URL | undefined {
  if (typeof sessionStorage === 'undefined') return undefined;
  const raw = sessionStorage.getItem(CALLBACK_KEY);
  if (!raw) return undefined;
  const stored = JSON.parse(raw) as { serverKey: string; url: string };
  if (stored.serverKey !== serverKey) return undefined;
  sessionStorage.removeItem(CALLBACK_KEY);
  return new URL(stored.url);
}
