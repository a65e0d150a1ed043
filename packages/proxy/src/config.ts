import * as z from 'zod/mini';
import { MAX_TOKEN_TTL_SECONDS } from './auth/client-token.js';
import { modelAllowlist } from './config-allowlist.js';
import {
  DEFAULT_ALLOWANCE_CREDITS,
  DEFAULT_ALLOWANCE_REQUESTS,
  DEFAULT_DAILY_CREDITS,
  DEFAULT_IMAGE_PRICE,
  DEFAULT_IMAGE_SIZES,
  DEFAULT_LIMITS_TIMEOUT_MS,
  DEFAULT_MAX_CHOICES,
  DEFAULT_MAX_IMAGE_QUALITY,
  DEFAULT_MAX_IMAGES,
  DEFAULT_MAX_REASONING_EFFORT,
  DEFAULT_MAX_TOKENS,
  DEFAULT_RATE_LIMIT_PER_MINUTE,
  DEFAULT_SERVICE_TIERS,
  DEFAULT_TURNSTILE_CLIENTS_PER_IP_PER_DAY,
  DEFAULT_TURNSTILE_TOKEN_TTL_SECONDS,
  guarded,
  TURNSTILE_SITEVERIFY_URL,
} from './config-defaults.js';
import {
  allowedOrigins,
  baseUrl,
  creditPrices,
  explicitSwitch,
  type ImageQuality,
  imageQuality,
  mcpServers,
  models,
  nameList,
  optionalSecret,
  positiveInteger,
  type ReasoningEffort,
  reasoningEffort,
  upstreamBaseUrl,
  upstreams,
  wholeNumber,
} from './config-fields.js';
import { HttpError } from './http-error.js';
import type { ProxyEnv } from './proxy-env.js';
import { warnShortSecrets } from './short-secrets.js';
import type { UsageCounter } from './usage/usage-counter.js';

/** A model server the proxy forwards to, with the key it adds. */
export interface UpstreamConfig {
  name: string;
  /** Wire format: OpenAI chat completions or the Anthropic Messages API. */
  api: 'openai' | 'anthropic';
  /** Base URL without a trailing slash; routes append e.g. `/chat/completions`. */
  baseUrl: string;
  apiKey: string | undefined;
}

/** An MCP server reachable at `/mcp/{id}`. */
export interface McpServerConfig {
  id: string;
  /** The server's streamable-HTTP endpoint, used exactly (the client's path and query are ignored). */
  url: string;
  /** Sent as `Authorization: Bearer …`, replacing whatever the client sent. */
  apiKey: string | undefined;
  /**
   * `"auth": "user"`: the user signs in to the server (OAuth 2.1); the client's `Authorization` is
   * forwarded, the proxy adds no credential and serves the sign-in's metadata and token relay.
   */
  userAuth: boolean;
}

/** Credit prices (004_… credit model): a base price per model call plus one per MCP tool call. */
export interface CreditPrices {
  modelCall: number;
  models: Readonly<Record<string, number>>;
  mcpToolCall: number;
  /** Keyed `serverId/toolName`. */
  mcpTools: Readonly<Record<string, number>>;
  /** Price multiplier per `service_tier` (e.g. `priority: 2`); 1 when absent. */
  serviceTiers: Readonly<Record<string, number>>;
  /** Price multiplier per reasoning effort (e.g. `high: 3`); 1 when absent. */
  reasoningEfforts: Readonly<Record<string, number>>;
  /** Credits per generated image, with per-model overrides in `images`. */
  imageCall: number;
  images: Readonly<Record<string, number>>;
}

/** Limits of `POST /v1/images/generations` (the model allowlist is `MODELS`, as for chat). */
export interface ImageLimits {
  /** Sizes a request may name (`IMAGE_SIZES`). */
  sizes: ReadonlySet<string>;
  /** Largest `n` (`MAX_IMAGES`). */
  maxImages: number;
  /** Dearest quality (`MAX_IMAGE_QUALITY`); dearer requests are lowered to it. */
  maxQuality: ImageQuality;
}

/** Cloudflare Turnstile: a passed bot check is traded at `POST /v1/turnstile` for a client token. */
export interface TurnstileConfig {
  secretKey: string;
  /** Where tokens are verified; Cloudflare's endpoint unless `TURNSTILE_SITEVERIFY_URL`. */
  siteverifyUrl: string;
  /** Lifetime of the client token minted for a passed check. */
  tokenTtlSeconds: number;
  /** New client subjects one IP may start per UTC day (renewals keep theirs). */
  clientsPerIpPerDay: number;
}

/** The validated proxy configuration derived from {@link ProxyEnv}. */
export interface ProxyConfig {
  /** The default upstream's base URL (`UPSTREAM_BASE_URL`). */
  upstreamBaseUrl: string;
  /** The default upstream's key (`UPSTREAM_API_KEY`), or undefined for keyless servers. */
  upstreamApiKey: string | undefined;
  /** Every upstream by name; `default` is always there. */
  upstreams: ReadonlyMap<string, UpstreamConfig>;
  /**
   * Allowed models and the upstream each goes to (undefined: the route's default); `MODELS`, else
   * only `DEFAULT_MODEL` (gpt-4o-mini when unset); undefined (any model) only with `ALLOW_ANY_MODEL=true`.
   */
  models: ReadonlyMap<string, string | undefined> | undefined;
  /** Clamp for `max_tokens` / `max_completion_tokens`; undefined only with `ALLOW_ANY_MAX_TOKENS=true`. */
  maxTokens: number | undefined;
  /** Largest `n` (completions per request). */
  maxChoices: number;
  /** `service_tier` values a request may name. */
  serviceTiers: ReadonlySet<string>;
  /** Highest reasoning effort; higher ones are lowered to it. */
  maxReasoningEffort: ReasoningEffort;
  images: ImageLimits;
  /** `anthropic-beta` flags a request may send; any other is refused. */
  anthropicBetas: ReadonlySet<string>;
  /** The Turnstile bot check, when `TURNSTILE_SECRET_KEY` is set (needs `AUTH_SECRET`). */
  turnstile: TurnstileConfig | undefined;
  mcpServers: ReadonlyMap<string, McpServerConfig>;
  /** Exact origins (scheme://host[:port]) that browsers may call the proxy from. */
  allowedOrigins: ReadonlySet<string>;
  /** Largest accepted request body in bytes. */
  maxBodyBytes: number;
  /** Which requests get a log line: every one, or only those answered with status ≥ 400. */
  logRequests: 'all' | 'errors';
  /** HMAC secret for client tokens; undefined means no client auth (then every request needs an Origin). */
  authSecret: string | undefined;
  rateLimitPerMinute: number | undefined;
  dailyCredits: number | undefined;
  prices: CreditPrices;
  usage: DurableObjectNamespace<UsageCounter> | undefined;
  /** How isolates decide limits without awaiting `usage` on each request (docs/adr/0007). */
  allowance: AllowanceConfig;
  /** Every secret value, for redaction. */
  secrets: readonly string[];
}

/** Per-isolate allowances: see `LIMITS_ALLOWANCE_REQUESTS`, `LIMITS_ALLOWANCE_CREDITS`, `LIMITS_TIMEOUT_MS`. */
export interface AllowanceConfig {
  /** Requests per client an isolate admits without asking (reserved, or overdraft per window). 0: ask every time. */
  requests: number;
  /** Credits per client an isolate spends without asking (reserved, or overdraft per day). 0: ask every time. */
  credits: number;
  /** How long a request that must ask waits before `503 limits_unavailable`. */
  timeoutMs: number;
}

/** Default request body limit: 1 MiB, ample for chat requests with long histories. */
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;
/** Default Anthropic Messages API base URL. */
export const ANTHROPIC_DEFAULT_BASE_URL = 'https://api.anthropic.com/v1';

const envSchema = z.object({
  UPSTREAM_BASE_URL: upstreamBaseUrl,
  UPSTREAM_API_KEY: optionalSecret,
  UPSTREAMS: upstreams,
  ANTHROPIC_API_KEY: optionalSecret,
  ANTHROPIC_BASE_URL: z.optional(baseUrl),
  MODELS: models,
  DEFAULT_MODEL: models,
  ALLOW_ANY_MODEL: explicitSwitch,
  MAX_TOKENS: positiveInteger('must be a positive whole number of tokens, e.g. 4096'),
  ALLOW_ANY_MAX_TOKENS: explicitSwitch,
  MAX_CHOICES: positiveInteger('must be a positive whole number of completions, e.g. 1'),
  SERVICE_TIERS: nameList('auto,default,flex'),
  MAX_REASONING_EFFORT: reasoningEffort,
  ANTHROPIC_BETAS: nameList('prompt-caching-2024-07-31'),
  TURNSTILE_SECRET_KEY: optionalSecret,
  TURNSTILE_SITEVERIFY_URL: z.optional(baseUrl),
  TURNSTILE_TOKEN_TTL_SECONDS: positiveInteger('must be a positive whole number of seconds, e.g. 900'),
  TURNSTILE_CLIENTS_PER_IP_PER_DAY: positiveInteger('must be a positive whole number of clients, e.g. 20'),
  MCP_SERVERS: mcpServers,
  ALLOWED_ORIGINS: allowedOrigins,
  MAX_BODY_BYTES: positiveInteger(
    'must be a positive whole number of bytes, e.g. 1048576',
    DEFAULT_MAX_BODY_BYTES,
  ),
  LOG_REQUESTS: z.optional(z.enum(['all', 'errors'], { error: 'must be "all" or "errors"' })),
  AUTH_SECRET: optionalSecret,
  RATE_LIMIT_PER_MINUTE: positiveInteger('must be a positive whole number of requests, e.g. 60'),
  DISABLE_RATE_LIMIT: explicitSwitch,
  DAILY_CREDITS: positiveInteger('must be a positive whole number of credits, e.g. 50'),
  DISABLE_DAILY_CREDITS: explicitSwitch,
  CREDIT_PRICES: creditPrices,
  LIMITS_ALLOWANCE_REQUESTS: wholeNumber(
    'must be a whole number of requests (0 asks the counter every time), e.g. 5',
  ),
  LIMITS_ALLOWANCE_CREDITS: wholeNumber(
    'must be a whole number of credits (0 asks the counter every time), e.g. 10',
  ),
  LIMITS_TIMEOUT_MS: positiveInteger('must be a positive whole number of milliseconds, e.g. 1000'),
  IMAGE_SIZES: nameList('1024x1024,1536x1024'),
  MAX_IMAGES: positiveInteger('must be a positive whole number of images, e.g. 1'),
  MAX_IMAGE_QUALITY: imageQuality,
});

// The env object of a deployed Worker is the same on every request, so validate it once.
const cache = new WeakMap<object, ProxyConfig>();

/**
 * Validates the worker's env into a {@link ProxyConfig}.
 * Throws an {@link HttpError} (500, `config_invalid`) naming each bad variable and how to set it.
 */
export function loadConfig(env: ProxyEnv): ProxyConfig {
  const cached = cache.get(env);
  if (cached !== undefined) return cached;
  const result = envSchema.safeParse(env);
  if (!result.success) {
    fail(result.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`));
  }
  const config = resolve(env, result.data);
  cache.set(env, config);
  return config;
}

type ParsedEnv = z.infer<typeof envSchema>;

/** Cross-field checks: named secrets exist, allowlisted models name known upstreams, limits have storage. */
function resolve(env: ProxyEnv, parsed: ParsedEnv): ProxyConfig {
  const problems: string[] = [];
  // Secret values, each with the setting it came from (for the short-secret warning).
  const secrets = new Map<string, string>();
  const secretByName = (variable: string, name: string | undefined): string | undefined => {
    if (name === undefined) return undefined;
    const value = env[name];
    if (typeof value === 'string' && value.trim() !== '') {
      secrets.set(value.trim(), name);
      return value.trim();
    }
    problems.push(
      `${variable} names the secret ${name}, which is not set: run \`wrangler secret put ${name}\``,
    );
    return undefined;
  };

  const upstreamMap = new Map<string, UpstreamConfig>();
  upstreamMap.set('default', {
    name: 'default',
    api: 'openai',
    baseUrl: parsed.UPSTREAM_BASE_URL,
    apiKey: parsed.UPSTREAM_API_KEY,
  });
  if (parsed.ANTHROPIC_API_KEY !== undefined || parsed.ANTHROPIC_BASE_URL !== undefined) {
    upstreamMap.set('anthropic', {
      name: 'anthropic',
      api: 'anthropic',
      baseUrl: parsed.ANTHROPIC_BASE_URL ?? ANTHROPIC_DEFAULT_BASE_URL,
      apiKey: parsed.ANTHROPIC_API_KEY,
    });
  }
  for (const [name, upstream] of Object.entries(parsed.UPSTREAMS ?? {})) {
    upstreamMap.set(name, {
      name,
      api: upstream.api ?? 'openai',
      baseUrl: upstream.baseUrl,
      apiKey: secretByName(`UPSTREAMS.${name}.apiKeySecret`, upstream.apiKeySecret),
    });
  }
  const allowlist = modelAllowlist(
    { models: parsed.MODELS, defaultModel: parsed.DEFAULT_MODEL, allowAnyModel: parsed.ALLOW_ANY_MODEL },
    problems,
  );
  for (const [model, upstream] of allowlist ?? []) {
    if (upstream !== undefined && !upstreamMap.has(upstream)) {
      problems.push(
        `MODELS entry for model "${model}" names the upstream "${upstream}", which is not configured (known: ${[...upstreamMap.keys()].join(', ')})`,
      );
    }
  }
  const mcpMap = new Map<string, McpServerConfig>();
  for (const [id, server] of Object.entries(parsed.MCP_SERVERS ?? {})) {
    const userAuth = server.auth === 'user';
    if (userAuth && server.apiKeySecret !== undefined)
      problems.push(
        `MCP_SERVERS.${id} has both "auth": "user" and an apiKeySecret: a server the user signs in to never gets the proxy's credential; remove one`,
      );
    if (userAuth && parsed.AUTH_SECRET !== undefined)
      problems.push(
        `MCP_SERVERS.${id} has "auth": "user", whose requests carry the user's token in Authorization, where AUTH_SECRET expects a client token; serve such servers from a proxy without AUTH_SECRET (browsers are checked by ALLOWED_ORIGINS)`,
      );
    mcpMap.set(id, {
      id,
      url: server.url,
      apiKey: userAuth ? undefined : secretByName(`MCP_SERVERS.${id}.apiKeySecret`, server.apiKeySecret),
      userAuth,
    });
  }
  const rateLimitPerMinute = guarded(
    {
      value: parsed.RATE_LIMIT_PER_MINUTE,
      switchOff: parsed.DISABLE_RATE_LIMIT,
      variable: 'RATE_LIMIT_PER_MINUTE',
      switchName: 'DISABLE_RATE_LIMIT',
      fallback: DEFAULT_RATE_LIMIT_PER_MINUTE,
    },
    problems,
  );
  const dailyCredits = guarded(
    {
      value: parsed.DAILY_CREDITS,
      switchOff: parsed.DISABLE_DAILY_CREDITS,
      variable: 'DAILY_CREDITS',
      switchName: 'DISABLE_DAILY_CREDITS',
      fallback: DEFAULT_DAILY_CREDITS,
    },
    problems,
  );
  const maxTokens = guarded(
    {
      value: parsed.MAX_TOKENS,
      switchOff: parsed.ALLOW_ANY_MAX_TOKENS,
      variable: 'MAX_TOKENS',
      switchName: 'ALLOW_ANY_MAX_TOKENS',
      fallback: DEFAULT_MAX_TOKENS,
    },
    problems,
  );
  const usage = env.USAGE;
  const limited = rateLimitPerMinute !== undefined || dailyCredits !== undefined;
  if (limited && usage === undefined) {
    problems.push(
      'USAGE (Durable Object binding) is missing but the rate limit and daily credits are on: keep the durable_objects section of wrangler.jsonc (or turn both off with DISABLE_RATE_LIMIT=true and DISABLE_DAILY_CREDITS=true)',
    );
  }
  if ((parsed.TURNSTILE_TOKEN_TTL_SECONDS ?? 0) > MAX_TOKEN_TTL_SECONDS) {
    problems.push(
      `TURNSTILE_TOKEN_TTL_SECONDS must be at most ${MAX_TOKEN_TTL_SECONDS} (a day): client tokens are short-lived`,
    );
  }
  if (parsed.TURNSTILE_SECRET_KEY !== undefined && parsed.AUTH_SECRET === undefined) {
    problems.push(
      'TURNSTILE_SECRET_KEY is set but AUTH_SECRET is not: a passed Turnstile check is traded for a client token signed with AUTH_SECRET, so run `wrangler secret put AUTH_SECRET`',
    );
  }
  if (problems.length > 0) fail(problems);

  const secretValues = {
    UPSTREAM_API_KEY: parsed.UPSTREAM_API_KEY,
    ANTHROPIC_API_KEY: parsed.ANTHROPIC_API_KEY,
    AUTH_SECRET: parsed.AUTH_SECRET,
    TURNSTILE_SECRET_KEY: parsed.TURNSTILE_SECRET_KEY,
  };
  for (const [name, secret] of Object.entries(secretValues)) {
    if (secret !== undefined) secrets.set(secret, name);
  }
  warnShortSecrets(secrets);
  const prices = parsed.CREDIT_PRICES ?? {};
  return {
    upstreamBaseUrl: parsed.UPSTREAM_BASE_URL,
    upstreamApiKey: parsed.UPSTREAM_API_KEY,
    upstreams: upstreamMap,
    models: allowlist,
    maxTokens,
    maxChoices: parsed.MAX_CHOICES ?? DEFAULT_MAX_CHOICES,
    serviceTiers: parsed.SERVICE_TIERS ?? new Set(DEFAULT_SERVICE_TIERS),
    maxReasoningEffort: parsed.MAX_REASONING_EFFORT ?? DEFAULT_MAX_REASONING_EFFORT,
    images: {
      sizes: parsed.IMAGE_SIZES ?? new Set(DEFAULT_IMAGE_SIZES),
      maxImages: parsed.MAX_IMAGES ?? DEFAULT_MAX_IMAGES,
      maxQuality: parsed.MAX_IMAGE_QUALITY ?? DEFAULT_MAX_IMAGE_QUALITY,
    },
    anthropicBetas: parsed.ANTHROPIC_BETAS ?? new Set(),
    turnstile:
      parsed.TURNSTILE_SECRET_KEY === undefined
        ? undefined
        : {
            secretKey: parsed.TURNSTILE_SECRET_KEY,
            siteverifyUrl: parsed.TURNSTILE_SITEVERIFY_URL ?? TURNSTILE_SITEVERIFY_URL,
            tokenTtlSeconds: parsed.TURNSTILE_TOKEN_TTL_SECONDS ?? DEFAULT_TURNSTILE_TOKEN_TTL_SECONDS,
            clientsPerIpPerDay:
              parsed.TURNSTILE_CLIENTS_PER_IP_PER_DAY ?? DEFAULT_TURNSTILE_CLIENTS_PER_IP_PER_DAY,
          },
    mcpServers: mcpMap,
    allowedOrigins: parsed.ALLOWED_ORIGINS,
    maxBodyBytes: parsed.MAX_BODY_BYTES ?? DEFAULT_MAX_BODY_BYTES,
    logRequests: parsed.LOG_REQUESTS ?? 'all',
    authSecret: parsed.AUTH_SECRET,
    rateLimitPerMinute,
    dailyCredits,
    prices: {
      modelCall: prices.modelCall ?? 1,
      models: prices.models ?? {},
      mcpToolCall: prices.mcpToolCall ?? 1,
      mcpTools: prices.mcpTools ?? {},
      serviceTiers: prices.serviceTiers ?? {},
      reasoningEfforts: prices.reasoningEfforts ?? {},
      imageCall: prices.imageCall ?? DEFAULT_IMAGE_PRICE,
      images: prices.images ?? {},
    },
    usage: limited ? usage : undefined,
    allowance: {
      requests: parsed.LIMITS_ALLOWANCE_REQUESTS ?? DEFAULT_ALLOWANCE_REQUESTS,
      credits: parsed.LIMITS_ALLOWANCE_CREDITS ?? DEFAULT_ALLOWANCE_CREDITS,
      timeoutMs: parsed.LIMITS_TIMEOUT_MS ?? DEFAULT_LIMITS_TIMEOUT_MS,
    },
    secrets: [...secrets.keys()],
  };
}

function fail(problems: string[]): never {
  throw new HttpError(500, 'config_invalid', `The proxy is misconfigured: ${problems.join('; ')}.`);
}
