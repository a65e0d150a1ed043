// How the page that the authorization server redirects to hands the result back to the page that
// started the sign-in: a BroadcastChannel (and postMessage to the opener) for the popup, and
// sessionStorage for the redirect fallback, where the same tab leaves and comes back.

/** Name of the popup window and of the BroadcastChannel. */
export const SIGN_IN_CHANNEL = 'agent-chat-mcp-sign-in';
/** `type` of the message that carries the redirect URL. */
export const SIGN_IN_MESSAGE = 'agent-chat:mcp-sign-in';
const RETURN_KEY = 'agent-chat:mcp-sign-in:return';
const CALLBACK_KEY = 'agent-chat:mcp-sign-in:callback';

/** The message a redirect page sends to the page that opened the popup. */
export interface SignInMessage {
  type: typeof SIGN_IN_MESSAGE;
  url: string;
}

export function isSignInMessage(data: unknown): data is SignInMessage {
  return (
    typeof data === 'object' &&
    data !== null &&
    (data as SignInMessage).type === SIGN_IN_MESSAGE &&
    typeof (data as SignInMessage).url === 'string'
  );
}

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
