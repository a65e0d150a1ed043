import { SdkHttpError } from '@modelcontextprotocol/client';
import type { McpAuthFailure } from './mcp-auth-error.js';

/**
 * Why a signed-in request still got 401 / 403 once the SDK stopped trying, or undefined when the
 * error is no such refusal:
 * - `step_up_limit`: 403 `insufficient_scope` again after the SDK asked for the scope it named (the
 *   SDK says "insufficient_scope after step-up re-authorization"; a plain 403 never reaches its step-up);
 * - `forbidden`: any other 403 — the account is signed in but not allowed, no scope would help;
 * - `token_rejected`: 401 right after a sign-in — the server refuses the token it was just given.
 */
export function authRefusal(error: unknown): McpAuthFailure | undefined {
  if (!(error instanceof SdkHttpError)) return undefined;
  if (error.status === 401) return 'token_rejected';
  if (error.status !== 403) return undefined;
  return /insufficient_scope after step-up|upscoping/i.test(error.message) ? 'step_up_limit' : 'forbidden';
}
