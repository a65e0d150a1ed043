// A small chunk of its own, loaded only on pages with MCP servers that need sign-in: whether the page came
// back from a redirect sign-in, and resuming the turn that waited, without loading the MCP SDK up front.
import { type McpHub, mcpSignInReturned } from '@agent-chat/core';
import { readPendingTurn } from './pending-turn.js';
import type { SendDeps } from './send-deps.js';

/**
 * On a page that came back from a redirect sign-in (popup blocked): starts the MCP hub, which finishes
 * the sign-in, then sends the message that waited, in its conversation, so the user need not send it
 * again. When the sign-in failed, the error shows and the message goes back into the text box.
 */
export async function resumeAfterSignIn(
  deps: SendDeps,
  send: (message: string) => Promise<void>,
): Promise<void> {
  if (!mcpSignInReturned()) return;
  let resumed: ReturnType<McpHub['takeResumedSignIns']>;
  try {
    resumed = (await deps.source.mcpHub())?.takeResumedSignIns() ?? [];
  } catch (error) {
    deps.fail(error);
    return;
  }
  for (const { signedIn, error, state } of resumed) {
    const turn = readPendingTurn(state);
    if (!turn) continue;
    await deps.conversations.restored;
    if (turn.conversationId) await deps.conversations.open(turn.conversationId);
    if (signedIn) await send(turn.message);
    else {
      deps.fail(error);
      const input = deps.input();
      if (input && !input.value) input.value = turn.message;
    }
  }
}
