import type { ModelTimeouts } from './stream-timeouts.js';

// What a provider call is, and how its error answers are read: shared by the call and its error path.

/** What a provider adapter sends: the URL, headers and JSON body of one streaming call. */
export interface ProviderCall {
  url: string;
  headers: Record<string, string>;
  body: Record<string, unknown>;
  model: string;
  /** The request offered tools: a 400 saying "does not support tools" then becomes {@link ToolsUnsupportedError}. */
  withTools: boolean;
  /** Said in malformed-stream errors, e.g. "an OpenAI-compatible /v1 endpoint". */
  expected: string;
  /** First-byte and idle limits (defaults 60 s and 30 s). */
  timeouts?: ModelTimeouts;
}

/** The provider's own error message from an error body (OpenAI, Anthropic, Ollama shapes), else its start. */
export function providerMessage(body: string): string | undefined {
  if (!body) return undefined;
  try {
    const parsed = JSON.parse(body) as { error?: { message?: string } | string; message?: string };
    if (typeof parsed.error === 'string') return parsed.error;
    return parsed.error?.message ?? parsed.message ?? body.slice(0, 200);
  } catch {
    return body.slice(0, 200);
  }
}

/** `Retry-After` is either delta-seconds or an HTTP date. */
export function parseRetryAfter(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, (date - Date.now()) / 1000);
}
