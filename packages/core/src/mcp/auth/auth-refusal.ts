import { StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { McpAuthFailure } from './mcp-auth-error.js';

/**
 * Why a signed-in request still got 401 / 403 once the SDK stopped trying, or undefined when the
 * error is no such refusal:
 * - `step_up_limit`: 403 `insufficient_scope` again after the SDK asked for the scope it named (the
 *   SDK says "after trying upscoping"; a plain 403 never reaches its step-up);
 * - `forbidden`: any other 403 — the account is signed in but not allowed, no scope would help;
 * - `token_rejected`: 401 right after a sign-in — the server refuses the token it was just given.
 */
export function authRefusal(error: unknown): McpAuthFailure | undefined {
  if (!(error instanceof StreamableHTTPError)) return undefined;
  if (error.code === 401) return 'token_rejected';
  if (error.code !== 403) return undefined;
  return /upscoping/i.test(error.message) ? 'step_up_limit' : 'forbidden';
}
