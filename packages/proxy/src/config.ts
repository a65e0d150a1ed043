import * as z from 'zod/mini';
import {
  allowedOrigins,
  baseUrl,
  creditPrices,
  mcpServers,
  models,
  optionalSecret,
  positiveInteger,
  upstreamBaseUrl,
  upstreams,
} from './config-fields';
import { HttpError } from './http-error';
import type { ProxyEnv } from './proxy-env';
import type { UsageCounter } from './usage/usage-counter';

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
}

/** Credit prices (004_… credit model): a base price per model call plus one per MCP tool call. */
export interface CreditPrices {
  modelCall: number;
  models: Readonly<Record<string, number>>;
  mcpToolCall: number;
  /** Keyed `serverId/toolName`. */
  mcpTools: Readonly<Record<string, number>>;
}

/** The validated proxy configuration derived from {@link ProxyEnv}. */
export interface ProxyConfig {
  /** The default upstream's base URL (`UPSTREAM_BASE_URL`). */
  upstreamBaseUrl: string;
  /** The default upstream's key (`UPSTREAM_API_KEY`), or undefined for keyless servers. */
  upstreamApiKey: string | undefined;
  /** Every upstream by name; `default` is always there. */
  upstreams: ReadonlyMap<string, UpstreamConfig>;
  /** Allowed models and the upstream each goes to (undefined: the route's default); undefined allows any. */
  models: ReadonlyMap<string, string | undefined> | undefined;
  /** Clamp for `max_tokens` / `max_completion_tokens`. */
  maxTokens: number | undefined;
  mcpServers: ReadonlyMap<string, McpServerConfig>;
  /** Exact origins (scheme://host[:port]) that browsers may call the proxy from. */
  allowedOrigins: ReadonlySet<string>;
  /** Largest accepted request body in bytes. */
  maxBodyBytes: number;
  /** Which requests get a log line: every one, or only those answered with status ≥ 400. */
  logRequests: 'all' | 'errors';
  /** HMAC secret for client tokens; undefined means no client auth. */
  authSecret: string | undefined;
  rateLimitPerMinute: number | undefined;
  dailyCredits: number | undefined;
  prices: CreditPrices;
  usage: DurableObjectNamespace<UsageCounter> | undefined;
  /** Every secret value, for redaction. */
  secrets: readonly string[];
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
  MAX_TOKENS: positiveInteger('must be a positive whole number of tokens, e.g. 4096'),
  MCP_SERVERS: mcpServers,
  ALLOWED_ORIGINS: allowedOrigins,
  MAX_BODY_BYTES: positiveInteger(
    'must be a positive whole number of bytes, e.g. 1048576',
    DEFAULT_MAX_BODY_BYTES,
  ),
  LOG_REQUESTS: z.optional(z.enum(['all', 'errors'], { error: 'must be "all" or "errors"' })),
  AUTH_SECRET: optionalSecret,
  RATE_LIMIT_PER_MINUTE: positiveInteger('must be a positive whole number of requests, e.g. 60'),
  DAILY_CREDITS: positiveInteger('must be a positive whole number of credits, e.g. 50'),
  CREDIT_PRICES: creditPrices,
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
  const secrets = new Set<string>();
  const secretByName = (variable: string, name: string | undefined): string | undefined => {
    if (name === undefined) return undefined;
    const value = env[name];
    if (typeof value === 'string' && value.trim() !== '') {
      secrets.add(value.trim());
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
  for (const [model, upstream] of parsed.MODELS ?? []) {
    if (upstream !== undefined && !upstreamMap.has(upstream)) {
      problems.push(
        `MODELS entry for model "${model}" names the upstream "${upstream}", which is not configured (known: ${[...upstreamMap.keys()].join(', ')})`,
      );
    }
  }
  const mcpMap = new Map<string, McpServerConfig>();
  for (const [id, server] of Object.entries(parsed.MCP_SERVERS ?? {})) {
    mcpMap.set(id, {
      id,
      url: server.url,
      apiKey: secretByName(`MCP_SERVERS.${id}.apiKeySecret`, server.apiKeySecret),
    });
  }
  const usage = env.USAGE;
  const limited = parsed.RATE_LIMIT_PER_MINUTE !== undefined || parsed.DAILY_CREDITS !== undefined;
  if (limited && usage === undefined) {
    problems.push(
      'USAGE (Durable Object binding) is missing but RATE_LIMIT_PER_MINUTE or DAILY_CREDITS is set: keep the durable_objects section of wrangler.jsonc',
    );
  }
  if (problems.length > 0) fail(problems);

  for (const secret of [parsed.UPSTREAM_API_KEY, parsed.ANTHROPIC_API_KEY, parsed.AUTH_SECRET]) {
    if (secret !== undefined) secrets.add(secret);
  }
  const prices = parsed.CREDIT_PRICES ?? {};
  return {
    upstreamBaseUrl: parsed.UPSTREAM_BASE_URL,
    upstreamApiKey: parsed.UPSTREAM_API_KEY,
    upstreams: upstreamMap,
    models: parsed.MODELS,
    maxTokens: parsed.MAX_TOKENS,
    mcpServers: mcpMap,
    allowedOrigins: parsed.ALLOWED_ORIGINS,
    maxBodyBytes: parsed.MAX_BODY_BYTES ?? DEFAULT_MAX_BODY_BYTES,
    logRequests: parsed.LOG_REQUESTS ?? 'all',
    authSecret: parsed.AUTH_SECRET,
    rateLimitPerMinute: parsed.RATE_LIMIT_PER_MINUTE,
    dailyCredits: parsed.DAILY_CREDITS,
    prices: {
      modelCall: prices.modelCall ?? 1,
      models: prices.models ?? {},
      mcpToolCall: prices.mcpToolCall ?? 1,
      mcpTools: prices.mcpTools ?? {},
    },
    usage: limited ? usage : undefined,
    secrets: [...secrets],
  };
}

function fail(problems: string[]): never {
  throw new HttpError(500, 'config_invalid', `The proxy is misconfigured: ${problems.join('; ')}.`);
}
