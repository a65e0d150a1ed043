import { AgentChatError } from '../errors.js';

/** An MCP server could not be reached or keeps failing; its tools are withdrawn until it recovers. */
export class McpServerUnavailableError extends AgentChatError {
  readonly serverId: string;

  constructor(serverId: string, url: string, cause: unknown) {
    super(
      'mcp_server_unavailable',
      `The MCP server "${serverId}" (${url}) is not available: ${describeCause(cause)}. Check that it is running and that the URL ends with its MCP path (often /mcp); its tools are skipped until it answers again.`,
      { cause, isRetryable: true },
    );
    this.serverId = serverId;
  }
}

/** An MCP request failed: the server answered with an error or with something that is not MCP. */
export class McpRequestError extends AgentChatError {
  readonly serverId: string;

  constructor(serverId: string, what: string, cause: unknown) {
    super('mcp_request_failed', `MCP server "${serverId}" failed to ${what}: ${describeCause(cause)}.`, {
      cause,
    });
    this.serverId = serverId;
  }
}

/**
 * An MCP server spoke a revision of the protocol we do not (we speak 2026-07-28 and 2025-11-25), its
 * `server/discover` answer was malformed, or a header of its exchange disagreed with the body. The
 * server's tools are skipped; other servers keep working.
 */
export class McpProtocolError extends AgentChatError {
  readonly serverId: string;

  constructor(serverId: string, url: string, cause: unknown) {
    super(
      'mcp_protocol_mismatch',
      `The MCP server "${serverId}" (${url}) does not speak MCP as we do: ${describeCause(cause)}. We speak the revisions 2026-07-28 and 2025-11-25; update the server or point at one that speaks either.`,
      { cause },
    );
    this.serverId = serverId;
  }
}

/** An answer given to an elicitation (`hub.respond`) does not fit the form the server asked for. */
export class McpInvalidAnswerError extends AgentChatError {
  constructor(message: string) {
    super('mcp_invalid_answer', message);
  }
}

/** A short, single-line description of anything thrown. */
export function describeCause(cause: unknown): string {
  const message = cause instanceof Error ? cause.message : String(cause);
  const detail = cause instanceof Error && cause.cause instanceof Error ? ` (${cause.cause.message})` : '';
  return `${message}${detail}`.replace(/\s+/g, ' ').slice(0, 300);
}
