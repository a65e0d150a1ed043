// How the sign-in popup hands the redirect back to the page that opened it: a BroadcastChannel named
// after the flow's `state` (the redirect carries it), and postMessage to the opener. Every flow has its
// own popup and channel, so two sign-ins at once never take each other's answer.

/** Prefix of the popup windows' names and of the BroadcastChannels. */
export const SIGN_IN_CHANNEL = 'agent-chat-mcp-sign-in';
/** `type` of the message that carries the redirect URL. */
export const SIGN_IN_MESSAGE = 'agent-chat:mcp-sign-in';

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

/**
 * A new popup's window name: unique per flow (the popup opens inside the click, before the flow's
 * `state` is known), and recognisable by the redirect page when the browser cut the opener.
 */
export function popupWindowName(): string {
  return `${SIGN_IN_CHANNEL}:${crypto.randomUUID()}`;
}

/** True for a window that {@link popupWindowName} named. */
export function isPopupWindow(name: string): boolean {
  return name.startsWith(`${SIGN_IN_CHANNEL}:`);
}

/** The BroadcastChannel of the flow whose authorization request carried `state`. */
export function channelName(state: string): string {
  return `${SIGN_IN_CHANNEL}:${state}`;
}

/** On the redirect page in a popup: sends the redirect URL to the flow that waits for its `state`. */
export function postSignInResult(href: string, opener: Window | null): void {
  const message: SignInMessage = { type: SIGN_IN_MESSAGE, url: href };
  const channel = new BroadcastChannel(channelName(new URL(href).searchParams.get('state') ?? ''));
  channel.postMessage(message);
  channel.close();
  try {
    opener?.postMessage(message, new URL(href).origin);
  } catch {
    // The opener is on another origin: the BroadcastChannel has carried the message.
  }
}
