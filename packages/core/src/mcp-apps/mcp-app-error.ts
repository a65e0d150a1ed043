import { AgentChatError } from '../errors.js';

/** Why an MCP App cannot be shown. */
export type McpAppProblem = 'not_found' | 'wrong_mime_type' | 'no_html' | 'not_linked' | 'not_callable';

/**
 * An MCP App could not be shown or could not do what it asked: its `ui://` resource is missing or is
 * not `text/html;profile=mcp-app`, or it called a tool it may not call. The tool's text result is
 * shown regardless.
 */
export class McpAppError extends AgentChatError {
  readonly serverId: string;
  readonly problem: McpAppProblem;

  constructor(serverId: string, problem: McpAppProblem, message: string, cause?: unknown) {
    super('mcp_app_unavailable', `MCP server "${serverId}": ${message}`, { cause });
    this.serverId = serverId;
    this.problem = problem;
  }
}
