import { SIGN_IN_CHANNEL, SIGN_IN_MESSAGE, type SignInMessage, storeCallback } from './sign-in-channel.js';

/**
 * Call on the page the authorization server redirects to (`auth.redirectUrl`). In the sign-in popup it
 * hands the redirect to the page that opened it and closes; in a tab that left for the authorization
 * server (popup blocked) it keeps the redirect and goes back to the page the sign-in started from,
 * whose `McpHub` finishes it on `start()`. Returns false when this page is not such a redirect.
 *
 * @example
 * // oauth-callback.html
 * import { completeMcpSignIn } from '@agent-chat/core';
 * completeMcpSignIn();
 */
export function completeMcpSignIn(): boolean {
  if (typeof window === 'undefined') return false;
  const params = new URL(location.href).searchParams;
  if (!params.has('state') && !params.has('error')) return false;
  if (window.opener || window.name === SIGN_IN_CHANNEL) {
    const message: SignInMessage = { type: SIGN_IN_MESSAGE, url: location.href };
    const channel = new BroadcastChannel(SIGN_IN_CHANNEL);
    channel.postMessage(message);
    channel.close();
    try {
      (window.opener as Window | null)?.postMessage(message, location.origin);
    } catch {
      // The opener is on another origin: the BroadcastChannel has carried the message.
    }
    window.close();
    return true;
  }
  const returnTo = storeCallback(location.href);
  if (!returnTo) return false;
  location.replace(returnTo);
  return true;
}
