import { AbortedError } from '../../errors.js';
import { McpAuthError } from './mcp-auth-error.js';
import type { SignIn } from './sign-in.js';
import { channelName, isSignInMessage, popupWindowName } from './sign-in-channel.js';

/** Options of {@link popupSignIn}. */
export interface PopupSignInOptions {
  /** The redirect page (its origin is the only one whose messages are believed). */
  redirectUrl: string | URL;
  /** When the browser blocks the popup, sign in in this tab and come back (default true). */
  redirectFallback?: boolean;
  width?: number;
  height?: number;
}

/**
 * Signs in in a popup opened inside the user's click; the redirect page (`completeMcpSignIn()`) sends
 * the result back. When the popup is blocked, the tab itself goes to the authorization server and the
 * hub finishes the sign-in when the page comes back (`McpHub.start`). Closing the popup ends the
 * sign-in with an {@link McpAuthError} (`closed`).
 */
export function popupSignIn(options: PopupSignInOptions): SignIn {
  const redirectOrigin = new URL(String(options.redirectUrl)).origin;
  return {
    needsUser: true,
    open(url, context) {
      const { signal, serverId } = context;
      const features = `popup,width=${options.width ?? 520},height=${options.height ?? 680}`;
      // Opened now, inside the click, or the browser blocks it; it navigates when the URL is known. Its
      // own name: a second sign-in at the same time gets a second window, not this one.
      const popup = window.open('', popupWindowName(), features);
      if (!popup) {
        if (options.redirectFallback === false)
          return Promise.reject(
            new McpAuthError(serverId, 'closed', 'the browser blocked the sign-in popup'),
          );
        return (async () => {
          const target = await url;
          await context.beforeRedirect?.();
          location.assign(target.href);
          // The page is leaving; the hub finishes the sign-in when it comes back.
          return new Promise<URL>(() => undefined);
        })();
      }
      return new Promise<URL>((resolve, reject) => {
        let channel: BroadcastChannel | undefined;
        let settled = false;
        let closedAt = 0;
        const finish = (outcome: () => void) => {
          if (settled) return;
          settled = true;
          channel?.close();
          window.removeEventListener('message', onMessage);
          signal.removeEventListener('abort', onAbort);
          clearInterval(poll);
          if (!popup.closed) popup.close();
          outcome();
        };
        const accept = (href: string) => {
          const back = new URL(href);
          if (back.origin === redirectOrigin) finish(() => resolve(back));
        };
        // Only this flow's popup: another sign-in's answer is not ours.
        const onMessage = (event: MessageEvent) => {
          if (event.source === popup && event.origin === redirectOrigin && isSignInMessage(event.data))
            accept(event.data.url);
        };
        const onAbort = () => finish(() => reject(new AbortedError(signal.reason)));
        window.addEventListener('message', onMessage);
        signal.addEventListener('abort', onAbort, { once: true });
        // A closed popup is given a moment: its last message may still be on its way.
        const poll = setInterval(() => {
          if (!popup.closed) return;
          closedAt ||= Date.now();
          if (Date.now() - closedAt > 600)
            finish(() => reject(new McpAuthError(serverId, 'closed', 'the sign-in window was closed')));
        }, 200);
        Promise.resolve(url).then(
          (target) => {
            if (settled) return;
            // The redirect page answers on the channel of the flow's state (it may have lost its opener).
            channel = new BroadcastChannel(channelName(target.searchParams.get('state') ?? ''));
            channel.onmessage = (event) => {
              if (isSignInMessage(event.data)) accept(event.data.url);
            };
            popup.location.href = target.href;
          },
          (error: unknown) => finish(() => reject(error)),
        );
      });
    },
  };
}
