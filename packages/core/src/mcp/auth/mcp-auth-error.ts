import { AgentChatError } from '../../errors.js';

/** Why a sign-in to an MCP server did not give a usable token. */
export type McpAuthFailure =
  /** The user said no (declined the Connect question, or denied consent at the authorization server). */
  | 'denied'
  /** The sign-in window was closed before it finished. */
  | 'closed'
  /** The answer came back with a `state` that belongs to no flow of ours (a forged or stale redirect). */
  | 'state_mismatch'
  /** The authorization server or its metadata failed (an HTTP error, bad metadata, a refused token request). */
  | 'server_error'
  /** The server kept asking for more scopes (403 `insufficient_scope`) after the allowed sign-ins. */
  | 'step_up_limit'
  /** The user is signed in but the server refuses this request (403 without `insufficient_scope`). */
  | 'forbidden'
  /** The server refused the token it had just been given (401 right after a sign-in). */
  | 'token_rejected'
  /** Sign-in is needed but nobody can be asked (no tool call in flight and no interactive sign-in). */
  | 'sign_in_required';

const ADVICE: Record<McpAuthFailure, string> = {
  denied:
    'The user did not allow access; ask them whether to try again (the next call asks to sign in again).',
  closed: 'The sign-in window was closed before it finished; the next call asks to sign in again.',
  state_mismatch:
    'The sign-in answer did not match the sign-in that was started (possible forged redirect); nothing was stored. Try signing in again.',
  server_error: 'The authorization server failed; try again later or tell the site owner.',
  step_up_limit:
    'The server keeps refusing the token for lack of scope even after signing in again; the user may not have the permission this tool needs.',
  forbidden:
    'The user is signed in, but the server does not allow this account to do this (403 forbidden, not a missing scope); signing in again will not change it, so do not retry — tell the user.',
  token_rejected:
    'The server refused the token it had just been given (401 right after signing in); the server or its authorization server may be misconfigured. Try again later or tell the site owner.',
  sign_in_required:
    'The user must connect their account (the Connect button) before this server can be used.',
};

/** Signing in to an MCP server failed; nothing from the failed flow was stored. */
export class McpAuthError extends AgentChatError {
  readonly serverId: string;
  readonly reason: McpAuthFailure;

  constructor(serverId: string, reason: McpAuthFailure, detail?: string, cause?: unknown) {
    const what =
      reason === 'forbidden'
        ? `The MCP server "${serverId}" refused the signed-in user`
        : `Signing in to the MCP server "${serverId}" failed`;
    super('mcp_auth_failed', `${what}${detail ? `: ${detail}` : ''}. ${ADVICE[reason]}`, { cause });
    this.serverId = serverId;
    this.reason = reason;
  }
}
