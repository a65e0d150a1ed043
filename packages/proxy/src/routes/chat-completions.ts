import type { Handler } from '../context';
import { forwardToUpstream } from '../forward-upstream';
import { parseJsonObject } from '../json-body';

/**
 * `POST /v1/chat/completions`: forwards an OpenAI chat completion request, streaming or not.
 * Expects the body-limit middleware to have read the body into `c.body`.
 */
export const chatCompletions: Handler = async (c) => {
  const body = c.body ?? new Uint8Array(0);
  parseJsonObject(body);
  return forwardToUpstream(c, '/chat/completions', body);
};
