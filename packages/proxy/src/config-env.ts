import * as z from 'zod/mini';
import { DEFAULT_MAX_BODY_BYTES } from './config-defaults.js';
import {
  allowedOrigins,
  baseUrl,
  creditPrices,
  explicitSwitch,
  imageQuality,
  ipv6Prefix,
  mcpServers,
  models,
  nameList,
  optionalSecret,
  positiveInteger,
  reasoningEffort,
  upstreamBaseUrl,
  upstreams,
  wholeNumber,
} from './config-fields.js';

/** The worker's env variables, each checked on its own (cross-field checks are `loadConfig`'s). */
export const envSchema = z.object({
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
  ALLOW_BODY_FIELDS: nameList('plugins,tools.web_search_20250305'),
  TURNSTILE_SECRET_KEY: optionalSecret,
  TURNSTILE_SITEVERIFY_URL: z.optional(baseUrl),
  TURNSTILE_TOKEN_TTL_SECONDS: positiveInteger('must be a positive whole number of seconds, e.g. 900'),
  TURNSTILE_CLIENTS_PER_IP_PER_DAY: positiveInteger('must be a positive whole number of clients, e.g. 20'),
  MCP_SERVERS: mcpServers,
  ALLOW_LOCAL_OAUTH_URLS: explicitSwitch,
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
  DEPLOYMENT_DAILY_CREDITS: positiveInteger('must be a positive whole number of credits, e.g. 10000'),
  DISABLE_DEPLOYMENT_CREDITS: explicitSwitch,
  CREDIT_PRICES: creditPrices,
  LIMITS_ALLOWANCE_REQUESTS: wholeNumber(
    'must be a whole number of requests (0 asks the counter every time), e.g. 5',
  ),
  LIMITS_ALLOWANCE_CREDITS: wholeNumber(
    'must be a whole number of credits (0 asks the counter every time), e.g. 10',
  ),
  CLIENT_IPV6_PREFIX: ipv6Prefix,
  LIMITS_TIMEOUT_MS: positiveInteger('must be a positive whole number of milliseconds, e.g. 1000'),
  IMAGE_SIZES: nameList('1024x1024,1536x1024'),
  MAX_IMAGES: positiveInteger('must be a positive whole number of images, e.g. 1'),
  MAX_IMAGE_QUALITY: imageQuality,
});

/** The env after {@link envSchema}. */
export type ParsedEnv = z.infer<typeof envSchema>;
