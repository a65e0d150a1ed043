import type { McpApps } from '@agent-chat/core';
import type { AgentSourceController } from '../../agent/agent-source-controller.js';
import type { RunController } from '../../agent/run-controller.js';
import { appMessageText } from './app-message-text.js';

/**
 * What an MCP App's stage needs from `<agent-chat>` (through the view context): its controllers as they
 * are, so the element carries no code for apps until a stage has one.
 */
export interface McpAppsDeps {
  /** Starts (or gives) the element's MCP hub, e.g. after a reload. */
  source: Pick<AgentSourceController, 'mcpHub'>;
  /**
   * The element's sending: `pendingTurn` is set while a message waits for its run. `fromApp`: not the
   * visitor's typing (nothing attached goes with it); tool views send both kinds.
   */
  sender: {
    send(text: string, options?: { fromApp?: boolean }): Promise<void>;
    readonly pendingTurn: unknown;
  };
  run: Pick<RunController, 'status'>;
}

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
