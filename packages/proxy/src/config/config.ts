import { HttpError } from '../shared/http-error.js';
import { DEFAULT_CLIENT_IPV6_PREFIX, MAX_TOKEN_TTL_SECONDS } from './client-identity.js';
import { modelAllowlist } from './config-allowlist.js';
import {
  DEFAULT_ALLOWANCE_CREDITS,
  DEFAULT_ALLOWANCE_REQUESTS,
  DEFAULT_DAILY_CREDITS,
  DEFAULT_DEPLOYMENT_DAILY_CREDITS,
  DEFAULT_IMAGE_PRICE,
  DEFAULT_IMAGE_SIZES,
  DEFAULT_INPUT_TOKENS_PER_CREDIT,
  DEFAULT_LIMITS_TIMEOUT_MS,
  DEFAULT_MAX_BODY_BYTES,
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
import { envSchema, type ParsedEnv } from './config-env.js';
import { ConfigSecrets } from './config-secrets.js';
import { mcpServerConfigs, upstreamConfigs } from './config-servers.js';
import type { ProxyConfig } from './config-types.js';
import type { ProxyEnv } from './proxy-env.js';
import { warnShortSecrets } from './short-secrets.js';
import { checkSigningSecrets } from './signing-secrets.js';
import { transcriptsConfig } from './transcripts-config.js';

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

/** Cross-field checks: named secrets exist, allowlisted models name known upstreams, limits have storage. */
function resolve(env: ProxyEnv, parsed: ParsedEnv): ProxyConfig {
  const problems: string[] = [];
  const secrets = new ConfigSecrets(env, problems);
  const upstreamMap = upstreamConfigs(parsed, secrets);
  const allowlist = modelAllowlist(
    { models: parsed.MODELS, defaultModel: parsed.DEFAULT_MODEL, allowAnyModel: parsed.ALLOW_ANY_MODEL },
    problems,
  );
  checkModelUpstreams(allowlist, upstreamMap, problems);
  const mcpMap = mcpServerConfigs(parsed, secrets, problems);
  const { rateLimitPerMinute, dailyCredits, deploymentDailyCredits, maxTokens } = guardedLimits(
    parsed,
    problems,
  );
  const usage = env.USAGE;
  const limited =
    rateLimitPerMinute !== undefined || dailyCredits !== undefined || deploymentDailyCredits !== undefined;
  if (limited && usage === undefined) {
    problems.push(
      'USAGE (Durable Object binding) is missing but the rate limit and daily credits are on: keep the durable_objects section of wrangler.jsonc (or turn them off with DISABLE_RATE_LIMIT=true, DISABLE_DAILY_CREDITS=true and DISABLE_DEPLOYMENT_CREDITS=true)',
    );
  }
  checkTurnstile(parsed, problems);
  checkSigningSecrets({ AUTH_SECRET: parsed.AUTH_SECRET }, problems);
  const transcripts = transcriptsConfig(env.TRANSCRIPTS_DB, parsed, problems);
  if (problems.length > 0) fail(problems);

  secrets.add({
    UPSTREAM_API_KEY: parsed.UPSTREAM_API_KEY,
    ANTHROPIC_API_KEY: parsed.ANTHROPIC_API_KEY,
    AUTH_SECRET: parsed.AUTH_SECRET,
    TURNSTILE_SECRET_KEY: parsed.TURNSTILE_SECRET_KEY,
    ADMIN_TOKEN: parsed.ADMIN_TOKEN,
  });
  warnShortSecrets(secrets.values);
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
    allowedBodyFields: parsed.ALLOW_BODY_FIELDS ?? new Set(),
    turnstile: turnstileConfig(parsed),
    mcpServers: mcpMap,
    allowLocalOAuthUrls: parsed.ALLOW_LOCAL_OAUTH_URLS,
    allowedOrigins: parsed.ALLOWED_ORIGINS,
    maxBodyBytes: parsed.MAX_BODY_BYTES ?? DEFAULT_MAX_BODY_BYTES,
    logRequests: parsed.LOG_REQUESTS ?? 'all',
    authSecret: parsed.AUTH_SECRET,
    clientIpv6Prefix: parsed.CLIENT_IPV6_PREFIX ?? DEFAULT_CLIENT_IPV6_PREFIX,
    rateLimitPerMinute,
    dailyCredits,
    deploymentDailyCredits,
    prices: creditPrices(parsed),
    usage: limited ? usage : undefined,
    streams: env.STREAMS,
    allowance: {
      requests: parsed.LIMITS_ALLOWANCE_REQUESTS ?? DEFAULT_ALLOWANCE_REQUESTS,
      credits: parsed.LIMITS_ALLOWANCE_CREDITS ?? DEFAULT_ALLOWANCE_CREDITS,
      timeoutMs: parsed.LIMITS_TIMEOUT_MS ?? DEFAULT_LIMITS_TIMEOUT_MS,
    },
    transcripts,
    adminToken: parsed.ADMIN_TOKEN,
    otlpEndpoint: parsed.OTLP_ENDPOINT,
    secrets: [...secrets.values.keys()],
  };
}

function checkModelUpstreams(
  allowlist: ReturnType<typeof modelAllowlist>,
  upstreamMap: ReadonlyMap<string, unknown>,
  problems: string[],
): void {
  for (const [model, upstream] of allowlist ?? []) {
    if (upstream !== undefined && !upstreamMap.has(upstream)) {
      problems.push(
        `MODELS entry for model "${model}" names the upstream "${upstream}", which is not configured (known: ${[...upstreamMap.keys()].join(', ')})`,
      );
    }
  }
}

/** The limits that are on by default, each turned off only by its named switch. */
function guardedLimits(parsed: ParsedEnv, problems: string[]) {
  return {
    rateLimitPerMinute: guarded(
      {
        value: parsed.RATE_LIMIT_PER_MINUTE,
        switchOff: parsed.DISABLE_RATE_LIMIT,
        variable: 'RATE_LIMIT_PER_MINUTE',
        switchName: 'DISABLE_RATE_LIMIT',
        fallback: DEFAULT_RATE_LIMIT_PER_MINUTE,
      },
      problems,
    ),
    dailyCredits: guarded(
      {
        value: parsed.DAILY_CREDITS,
        switchOff: parsed.DISABLE_DAILY_CREDITS,
        variable: 'DAILY_CREDITS',
        switchName: 'DISABLE_DAILY_CREDITS',
        fallback: DEFAULT_DAILY_CREDITS,
      },
      problems,
    ),
    deploymentDailyCredits: guarded(
      {
        value: parsed.DEPLOYMENT_DAILY_CREDITS,
        switchOff: parsed.DISABLE_DEPLOYMENT_CREDITS,
        variable: 'DEPLOYMENT_DAILY_CREDITS',
        switchName: 'DISABLE_DEPLOYMENT_CREDITS',
        fallback: DEFAULT_DEPLOYMENT_DAILY_CREDITS,
      },
      problems,
    ),
    maxTokens: guarded(
      {
        value: parsed.MAX_TOKENS,
        switchOff: parsed.ALLOW_ANY_MAX_TOKENS,
        variable: 'MAX_TOKENS',
        switchName: 'ALLOW_ANY_MAX_TOKENS',
        fallback: DEFAULT_MAX_TOKENS,
      },
      problems,
    ),
  };
}

function checkTurnstile(parsed: ParsedEnv, problems: string[]): void {
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
}

function turnstileConfig(parsed: ParsedEnv): ProxyConfig['turnstile'] {
  if (parsed.TURNSTILE_SECRET_KEY === undefined) return undefined;
  return {
    secretKey: parsed.TURNSTILE_SECRET_KEY,
    siteverifyUrl: parsed.TURNSTILE_SITEVERIFY_URL ?? TURNSTILE_SITEVERIFY_URL,
    tokenTtlSeconds: parsed.TURNSTILE_TOKEN_TTL_SECONDS ?? DEFAULT_TURNSTILE_TOKEN_TTL_SECONDS,
    clientsPerIpPerDay: parsed.TURNSTILE_CLIENTS_PER_IP_PER_DAY ?? DEFAULT_TURNSTILE_CLIENTS_PER_IP_PER_DAY,
  };
}

function creditPrices(parsed: ParsedEnv): ProxyConfig['prices'] {
  const prices = parsed.CREDIT_PRICES ?? {};
  return {
    modelCall: prices.modelCall ?? 1,
    models: prices.models ?? {},
    mcpToolCall: prices.mcpToolCall ?? 1,
    mcpTools: prices.mcpTools ?? {},
    serviceTiers: prices.serviceTiers ?? {},
    reasoningEfforts: prices.reasoningEfforts ?? {},
    inputTokensPerCredit: prices.inputTokensPerCredit ?? DEFAULT_INPUT_TOKENS_PER_CREDIT,
    imageCall: prices.imageCall ?? DEFAULT_IMAGE_PRICE,
    images: prices.images ?? {},
  };
}

function fail(problems: string[]): never {
  throw new HttpError(500, 'config_invalid', `The proxy is misconfigured: ${problems.join('; ')}.`);
}
