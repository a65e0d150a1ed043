import * as z from 'zod/mini';

// Field schemas for `loadConfig`. zod/mini rather than zod: the full `z` namespace drags every
// locale into the Worker bundle (~750 KB against ~25 KB of proxy code), which costs cold-start time.
// Messages name the fix but never echo the received value: a value pasted into the wrong
// variable could be a secret.

const WHERE = 'add it to wrangler.jsonc "vars" or .dev.vars';

/** A required, trimmed, non-empty string; `example` shows a valid value in the message. */
export const requiredString = (example: string) =>
  z
    .string({
      error: (issue) =>
        issue.input === undefined ? `is not set: ${WHERE} (e.g. ${example})` : 'must be a string',
    })
    .check(z.trim(), z.minLength(1, `is empty: ${WHERE} (e.g. ${example})`));

/** True for an absolute http(s) URL. */
export function isHttpUrl(value: string): boolean {
  const url = URL.parse(value);
  return url !== null && (url.protocol === 'http:' || url.protocol === 'https:');
}

function isExactOrigin(value: string): boolean {
  return isHttpUrl(value) && new URL(value).origin === value;
}

const HTTP_URL_HINT = 'must be an absolute http(s) URL such as https://api.openai.com/v1';

/** An http(s) base URL without trailing slashes. */
export const baseUrl = z.pipe(
  z.string({ error: HTTP_URL_HINT }).check(z.trim(), z.refine(isHttpUrl, HTTP_URL_HINT)),
  z.transform((url) => url.replace(/\/+$/, '')),
);

/** `UPSTREAM_BASE_URL`: required, so the single-upstream setup stays the simple default. */
export const upstreamBaseUrl = z.pipe(
  requiredString('https://api.openai.com/v1').check(
    z.refine(isHttpUrl, `${HTTP_URL_HINT} or http://127.0.0.1:11434/v1`),
  ),
  z.transform((url) => url.replace(/\/+$/, '')),
);

/** An optional secret; empty means absent so `KEY=` in .dev.vars means "no key". */
export const optionalSecret = z.pipe(
  z.optional(z.string({ error: 'must be a string' })),
  z.transform((key) => (key === undefined || key.trim() === '' ? undefined : key.trim())),
);

/** `ALLOWED_ORIGINS`: comma-separated exact origins, as a set. */
export const allowedOrigins = z.pipe(
  requiredString('http://127.0.0.1:5173'),
  z.transform((list, ctx) => {
    const origins = list
      .split(',')
      .map((origin) => origin.trim())
      .filter((origin) => origin !== '');
    origins.forEach((origin, index) => {
      if (isExactOrigin(origin)) return;
      // Point at the entry by position rather than echoing it; a suggestion is only derived
      // from something that parses as an http(s) URL.
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

/** An optional positive whole number given as a var (string) or number; `fallback` when unset. */
export const positiveInteger = (hint: string, fallback?: number) =>
  z.pipe(
    z.optional(z.union([z.string(), z.number()], { error: hint })),
    z.transform((value, ctx) => {
      if (value === undefined || (typeof value === 'string' && value.trim() === '')) return fallback;
      const number = Number(value);
      if (Number.isSafeInteger(number) && number > 0) return number;
      ctx.issues.push({ code: 'custom', input: value, message: hint });
      return z.NEVER;
    }),
  );

/** Like {@link positiveInteger} but 0 is allowed too (e.g. an allowance of 0 turns it off). */
export const wholeNumber = (hint: string, fallback?: number) =>
  z.pipe(
    z.optional(z.union([z.string(), z.number()], { error: hint })),
    z.transform((value, ctx) => {
      if (value === undefined || (typeof value === 'string' && value.trim() === '')) return fallback;
      const number = Number(value);
      if (Number.isSafeInteger(number) && number >= 0) return number;
      ctx.issues.push({ code: 'custom', input: value, message: hint });
      return z.NEVER;
    }),
  );

/** `CLIENT_IPV6_PREFIX`: bits of an IPv6 address that name one client (16–128). */
export const ipv6Prefix = z.pipe(
  z.optional(
    z.union([z.string(), z.number()], { error: 'must be a whole number of bits from 16 to 128, e.g. 64' }),
  ),
  z.transform((value, ctx) => {
    if (value === undefined || (typeof value === 'string' && value.trim() === '')) return undefined;
    const number = Number(value);
    if (Number.isSafeInteger(number) && number >= 16 && number <= 128) return number;
    ctx.issues.push({
      code: 'custom',
      input: value,
      message: 'must be a whole number of bits from 16 to 128, e.g. 64 (one client per /64)',
    });
    return z.NEVER;
  }),
);

/** A name usable in a URL path segment or as an allowlist reference. */
export const NAME = /^[A-Za-z0-9_-]{1,64}$/;

/** Parses an optional JSON var with `schema`; the message says it must be JSON, never echoing it. */
export function jsonVar<T extends z.ZodMiniType>(schema: T, example: string) {
  const json = z.pipe(
    z.optional(z.string({ error: `must be a JSON string, e.g. ${example}` })),
    z.transform((text, ctx): unknown => {
      if (text === undefined || text.trim() === '') return undefined;
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.issues.push({ code: 'custom', input: '', message: `is not valid JSON; e.g. ${example}` });
        return z.NEVER;
      }
    }),
  );
  return z.pipe(json, z.optional(schema));
}

const name = z.string().check(z.regex(NAME, 'names may only use letters, digits, _ and - (1–64)'));
const secretName = z
  .string()
  .check(z.regex(/^[A-Z][A-Z0-9_]*$/, 'apiKeySecret must be the NAME of a secret, e.g. GROQ_API_KEY'));

/** `UPSTREAMS`: named model upstreams. */
export const upstreams = jsonVar(
  z.record(
    name,
    z.object({
      baseUrl,
      api: z.optional(z.enum(['openai', 'anthropic'])),
      apiKeySecret: z.optional(secretName),
    }),
  ),
  '{"groq": {"baseUrl": "https://api.groq.com/openai/v1", "apiKeySecret": "GROQ_API_KEY"}}',
);

// An MCP endpoint is used exactly as configured (a trailing slash may matter to the server).
const endpointUrl = z
  .string({ error: HTTP_URL_HINT })
  .check(z.trim(), z.refine(isHttpUrl, 'must be an absolute http(s) URL such as https://docs.example/mcp'));

/** `MCP_SERVERS`: MCP servers by id. */
export const mcpServers = jsonVar(
  z.record(
    name,
    z.object({
      url: endpointUrl,
      apiKeySecret: z.optional(secretName),
      // `user`: the server needs the user's own sign-in (OAuth); the proxy relays it and adds no key.
      auth: z.optional(z.literal('user', 'must be "user" (the user signs in) or left out')),
    }),
  ),
  '{"docs": {"url": "https://docs.example/mcp", "apiKeySecret": "DOCS_MCP_TOKEN"}, "tracker": {"url": "https://tracker.example/mcp", "auth": "user"}}',
);

const credits = z.number().check(z.nonnegative('prices must be >= 0'));
const multiplier = z.number().check(z.gte(1, 'multipliers must be >= 1'));

/** `CREDIT_PRICES`: credits per model call and per MCP tool call, with per-name overrides. */
export const creditPrices = jsonVar(
  z.object({
    modelCall: z.optional(credits),
    models: z.optional(z.record(z.string(), credits)),
    mcpToolCall: z.optional(credits),
    mcpTools: z.optional(z.record(z.string(), credits)),
    serviceTiers: z.optional(z.record(z.string(), multiplier)),
    reasoningEfforts: z.optional(z.record(z.string(), multiplier)),
    inputTokensPerCredit: z.optional(z.number().check(z.positive('inputTokensPerCredit must be > 0'))),
    imageCall: z.optional(credits),
    images: z.optional(z.record(z.string(), credits)),
  }),
  '{"modelCall": 5, "models": {"gpt-4o": 10}, "mcpToolCall": 2, "mcpTools": {"docs/search": 3}, "reasoningEfforts": {"high": 3}}',
);

/** `MODELS`: `model` or `model=upstream` entries, as a map from model to upstream name (or undefined). */
export const models = z.pipe(
  z.optional(z.string({ error: 'must be a comma-separated list, e.g. gpt-4o-mini,llama3=groq' })),
  z.transform((list) => {
    if (list === undefined || list.trim() === '') return undefined;
    const map = new Map<string, string | undefined>();
    for (const entry of list.split(',')) {
      const [model, upstream] = entry.split('=').map((part) => part.trim());
      if (model) map.set(model, upstream || undefined);
    }
    return map;
  }),
);

/**
 * A switch that turns a safe default off: only the exact text `true` (or `false`) counts, so a typo
 * never switches protection off by accident.
 */
export const explicitSwitch = z.pipe(
  z.optional(z.union([z.string(), z.boolean()], { error: 'must be "true" or "false"' })),
  z.transform((value, ctx) => {
    if (value === undefined || value === false || value === '' || value === 'false') return false;
    if (value === true || value === 'true') return true;
    ctx.issues.push({ code: 'custom', input: '', message: 'must be "true" or "false"' });
    return z.NEVER;
  }),
);

/** A comma-separated list of names (service tiers, beta flags), as a set; undefined when unset. */
export const nameList = (example: string) =>
  z.pipe(
    z.optional(z.string({ error: `must be a comma-separated list, e.g. ${example}` })),
    z.transform((list, ctx) => {
      if (list === undefined) return undefined;
      const names = list
        .split(',')
        .map((entry) => entry.trim())
        .filter((entry) => entry !== '');
      if (names.some((entry) => !/^[A-Za-z0-9_.-]{1,100}$/.test(entry))) {
        ctx.issues.push({
          code: 'custom',
          input: '',
          message: `entries may only use letters, digits, _, . and - (e.g. ${example})`,
        });
        return z.NEVER;
      }
      return new Set(names);
    }),
  );

/** Reasoning effort levels, cheapest first (OpenAI `reasoning_effort`, Anthropic `effort`). */
export const REASONING_EFFORTS = ['none', 'minimal', 'low', 'medium', 'high', 'xhigh', 'max'] as const;
/** One of {@link REASONING_EFFORTS}. */
export type ReasoningEffort = (typeof REASONING_EFFORTS)[number];

/** `MAX_REASONING_EFFORT`: the highest effort a request may ask for. */
export const reasoningEffort = z.optional(
  z.enum(REASONING_EFFORTS, { error: `must be one of ${REASONING_EFFORTS.join(', ')}` }),
);

/** Image qualities from cheapest to dearest (`standard` / `hd` of dall-e-3 count as `medium` / `high`). */
export const IMAGE_QUALITIES = ['low', 'medium', 'high'] as const;
/** One of {@link IMAGE_QUALITIES}. */
export type ImageQuality = (typeof IMAGE_QUALITIES)[number];

/** `MAX_IMAGE_QUALITY`: the dearest quality an image request may ask for. */
export const imageQuality = z.optional(
  z.enum(IMAGE_QUALITIES, { error: `must be one of ${IMAGE_QUALITIES.join(', ')}` }),
);
