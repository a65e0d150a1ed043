import * as z from 'zod/mini';
import { HttpError } from './http-error';
import type { ProxyEnv } from './proxy-env';

/** The validated proxy configuration derived from {@link ProxyEnv}. */
export interface ProxyConfig {
  /** Upstream base URL without a trailing slash; routes append e.g. `/chat/completions`. */
  upstreamBaseUrl: string;
  /** Key sent upstream as a bearer token, or undefined for keyless servers. */
  upstreamApiKey: string | undefined;
  /** Exact origins (scheme://host[:port]) that browsers may call the proxy from. */
  allowedOrigins: ReadonlySet<string>;
  /** Largest accepted request body in bytes. */
  maxBodyBytes: number;
}

/** Default request body limit: 1 MiB, ample for chat requests with long histories. */
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

// zod/mini rather than zod: the full `z` namespace drags every locale into the Worker bundle
// (~750 KB against ~25 KB of proxy code), which costs cold-start time on each isolate.

const WHERE = 'add it to wrangler.jsonc "vars" or .dev.vars';

// Messages name the variable and the fix but never echo the received value: a value
// pasted into the wrong variable could be a secret.
const requiredString = (example: string) =>
  z
    .string({
      error: (issue) =>
        issue.input === undefined ? `is not set: ${WHERE} (e.g. ${example})` : 'must be a string',
    })
    .check(z.trim(), z.minLength(1, `is empty: ${WHERE} (e.g. ${example})`));

const upstreamBaseUrl = z.pipe(
  requiredString('https://api.openai.com/v1').check(
    z.refine(
      isHttpUrl,
      'must be an absolute http(s) URL such as https://api.openai.com/v1 or http://127.0.0.1:11434/v1',
    ),
  ),
  z.transform((url) => url.replace(/\/+$/, '')),
);

const allowedOrigins = z.pipe(
  requiredString('http://127.0.0.1:5173'),
  z.transform((list, ctx) => {
    const origins = list
      .split(',')
      .map((origin) => origin.trim())
      .filter((origin) => origin !== '');
    origins.forEach((origin, index) => {
      if (isExactOrigin(origin)) return;
      // Point at the entry by position rather than echoing it, in case a secret was pasted here;
      // a suggestion is only derived from something that parses as an http(s) URL.
      const hint = isHttpUrl(origin) ? `; did you mean "${new URL(origin).origin}"?` : '';
      ctx.issues.push({
        code: 'custom',
        input: list,
        message: `entry ${index + 1} is not an exact origin (use scheme://host[:port], no path or trailing slash)${hint}`,
      });
    });
    return new Set(origins);
  }),
);

const BYTES_HINT = 'must be a positive whole number of bytes, e.g. 1048576';

const maxBodyBytes = z.pipe(
  z.optional(z.union([z.string(), z.number()], { error: BYTES_HINT })),
  z.transform((value, ctx) => {
    if (value === undefined || (typeof value === 'string' && value.trim() === ''))
      return DEFAULT_MAX_BODY_BYTES;
    const bytes = Number(value);
    if (Number.isSafeInteger(bytes) && bytes > 0) return bytes;
    ctx.issues.push({ code: 'custom', input: value, message: BYTES_HINT });
    return z.NEVER;
  }),
);

const envSchema = z.object({
  UPSTREAM_BASE_URL: upstreamBaseUrl,
  ALLOWED_ORIGINS: allowedOrigins,
  // An empty secret is treated as absent so `UPSTREAM_API_KEY=` in .dev.vars means "no key".
  UPSTREAM_API_KEY: z.pipe(
    z.optional(z.string({ error: 'must be a string' })),
    z.transform((key) => (key === undefined || key.trim() === '' ? undefined : key.trim())),
  ),
  MAX_BODY_BYTES: maxBodyBytes,
});

/**
 * Validates the worker's env into a {@link ProxyConfig}.
 * Throws an {@link HttpError} (500, `config_invalid`) naming each bad variable and how to set it.
 */
export function loadConfig(env: ProxyEnv): ProxyConfig {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`);
    throw new HttpError(500, 'config_invalid', `The proxy is misconfigured: ${problems.join('; ')}.`);
  }
  const config = result.data;
  return {
    upstreamBaseUrl: config.UPSTREAM_BASE_URL,
    upstreamApiKey: config.UPSTREAM_API_KEY,
    allowedOrigins: config.ALLOWED_ORIGINS,
    maxBodyBytes: config.MAX_BODY_BYTES,
  };
}

function isHttpUrl(value: string): boolean {
  const url = URL.parse(value);
  return url !== null && (url.protocol === 'http:' || url.protocol === 'https:');
}

function isExactOrigin(value: string): boolean {
  const url = URL.parse(value);
  return url !== null && (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === value;
}
