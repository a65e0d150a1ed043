import type { McpApps } from '@agent-chat/core';
import type { McpAppsDeps } from '../../shared/view-context.js';
import { appMessageText } from './app-message-text.js';

export type { McpAppsDeps } from '../../shared/view-context.js';

/** The hub's MCP Apps part, or undefined when the element has no MCP servers. */
export async function appsOf(deps: McpAppsDeps | undefined): Promise<McpApps | undefined> {
  return (await deps?.source.mcpHub())?.apps;
}

/**
 * Sends `text` from the app of `tool` as the chat's next message, labelled as the app's (the visitor said
 * yes to it); false when it cannot now (a run is in progress).
 */
export function sendMessage(deps: McpAppsDeps | undefined, tool: string, text: string): boolean {
  // `pendingTurn` is set from the moment a message is sent until its run ends (also while the agent is
  // being prepared, before the run's status says running).
  if (!deps || deps.run.status === 'running' || deps.sender.pendingTurn !== undefined) return false;
  void deps.sender.send(appMessageText(tool, text), { fromApp: true });
  return true;
}
