import { storeCallback } from './redirect-return.js';
import { isPopupWindow, postSignInResult } from './sign-in-channel.js';

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
  if (window.opener || isPopupWindow(window.name)) {
    postSignInResult(location.href, window.opener as Window | null);
    window.close();
    return true;
  }
  const returnTo = storeCallback(location.href);
  if (!returnTo) return false;
  location.replace(returnTo);
  return true;
}
