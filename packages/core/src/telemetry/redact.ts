/** Keys whose values are credentials wherever they appear (headers, options, tool arguments). */
const SECRET_KEY =
  /^(api[-_]?key|x-api-key|authorization|proxy-authorization|password|passwd|secret|client[-_]?secret|access[-_]?token|refresh[-_]?token|id[-_]?token|token|cookie|set-cookie|session[-_]?id)$/i;

/** Credential-shaped strings: bearer tokens, OpenAI/Anthropic-style keys, JWTs. */
const SECRET_VALUE = [
  /Bearer\s+[A-Za-z0-9._~+/=-]+/g,
  /\bsk-[A-Za-z0-9_-]{12,}/g,
  /\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g,
];

const REDACTED = '[redacted]';

/**
 * A deep copy of `value` with credentials replaced by `[redacted]`: values under secret-named keys and
 * credential-shaped substrings anywhere, so a run log can be shared without leaking keys.
 */
export function redactSecrets<T>(value: T, extraSecrets: readonly string[] = []): T {
  return walk(value, extraSecrets, 0) as T;
}

function walk(value: unknown, extra: readonly string[], depth: number): unknown {
  if (typeof value === 'string') return redactString(value, extra);
  if (typeof value !== 'object' || value === null || depth > 32) return value;
  if (Array.isArray(value)) return value.map((item) => walk(item, extra, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value))
    out[key] = SECRET_KEY.test(key) && item !== undefined ? REDACTED : walk(item, extra, depth + 1);
  return out;
}

function redactString(text: string, extra: readonly string[]): string {
  let out = text;
  for (const pattern of SECRET_VALUE) out = out.replace(pattern, REDACTED);
  for (const secret of extra) if (secret) out = out.replaceAll(secret, REDACTED);
  return out;
}
