// The message that waits for an MCP sign-in, kept through a redirect sign-in (popup blocked): the hub
// stores it in the tab's sessionStorage before the tab leaves, and gives it back when the page returns.

/** A message sent and not answered yet, in the conversation it belongs to. */
export interface PendingTurn {
  conversationId?: string;
  message: string;
}

/** Reads back what the hub kept (anything else, e.g. another app's state, is not ours). */
export function readPendingTurn(state: unknown): PendingTurn | undefined {
  if (typeof state !== 'object' || state === null) return undefined;
  const { conversationId, message } = state as Record<string, unknown>;
  if (typeof message !== 'string' || !message) return undefined;
  return typeof conversationId === 'string' ? { conversationId, message } : { message };
}
