// The one import of config/ from a higher layer (docs/adr/0010-proxy-layers.md): the env's Durable Object
// bindings name the classes they hold, so that calls on their stubs are typed.
import type { StreamStore } from '../streams/stream-store.js';
import type { UsageCounter } from '../usage/usage-counter.js';

/** The `USAGE` Durable Object namespace (rate limits and credits, `usage/usage-counter.ts`). */
export type UsageNamespace = DurableObjectNamespace<UsageCounter>;
/** The `STREAMS` Durable Object namespace (resumable answers, `streams/stream-store.ts`). */
export type StreamsNamespace = DurableObjectNamespace<StreamStore>;

/**
 * The bindings the worker reads: `vars` from wrangler.jsonc (or `.dev.vars`), secrets, and the
 * `USAGE` Durable Object namespace. All optional here because the runtime does not guarantee them;
 * `loadConfig` validates them. Secrets named by `UPSTREAMS` / `MCP_SERVERS` entries
 * (`"apiKeySecret": "GROQ_API_KEY"`) are read from the same env by name.
 */
export interface ProxyEnv {
  /** OpenAI-compatible base URL of the default upstream, e.g. `https://api.openai.com/v1`. */
  UPSTREAM_BASE_URL?: string;
  /** Secret sent to the default upstream as `Authorization: Bearer …`; absent for keyless local servers. */
  UPSTREAM_API_KEY?: string;
  /** JSON object of further named upstreams: `{"groq": {"baseUrl": "…", "apiKeySecret": "GROQ_API_KEY"}}`. */
  UPSTREAMS?: string;
  /** Anthropic key; when set, `POST /v1/messages` is served by an upstream named `anthropic`. */
  ANTHROPIC_API_KEY?: string;
  /** Anthropic Messages API base URL; defaults to `https://api.anthropic.com/v1`. */
  ANTHROPIC_BASE_URL?: string;
  /** Model allowlist: comma-separated `model` or `model=upstream` entries; unset allows only `DEFAULT_MODEL`. */
  MODELS?: string;
  /** The one model allowed when `MODELS` is unset (`model` or `model=upstream`); default `gpt-4o-mini`. */
  DEFAULT_MODEL?: string;
  /** `true` turns the model allowlist off (any model the upstream serves). */
  ALLOW_ANY_MODEL?: string | boolean;
  /** Largest `max_tokens` a client may ask for (default 4096); larger values are clamped. */
  MAX_TOKENS?: string | number;
  /** `true` turns the `max_tokens` clamp off. */
  ALLOW_ANY_MAX_TOKENS?: string | boolean;
  /** Largest `n` (completions per request); default 1. */
  MAX_CHOICES?: string | number;
  /** Comma-separated `service_tier` values a request may name; default `auto,default,flex,standard_only`. */
  SERVICE_TIERS?: string;
  /** Highest reasoning effort (`none` … `max`); default `medium`, higher ones are lowered. */
  MAX_REASONING_EFFORT?: string;
  /**
   * Comma-separated body fields to pass on top of those the proxy prices (`plugins`), and provider-run
   * tool types as `tools.<type>` (`tools.web_search_20250305`); default none. What they cost is not priced.
   */
  ALLOW_BODY_FIELDS?: string;
  /** Comma-separated `anthropic-beta` flags a request may send; default none. */
  ANTHROPIC_BETAS?: string;
  /** Turnstile secret key; enables `POST /v1/turnstile` (needs `AUTH_SECRET`). */
  TURNSTILE_SECRET_KEY?: string;
  /** Where Turnstile tokens are verified; defaults to Cloudflare's siteverify endpoint. */
  TURNSTILE_SITEVERIFY_URL?: string;
  /** Lifetime of the client token minted for a passed Turnstile check; default 900. */
  TURNSTILE_TOKEN_TTL_SECONDS?: string | number;
  /** New Turnstile clients (token subjects) one IP may start per UTC day; default 20. Renewals are free. */
  TURNSTILE_CLIENTS_PER_IP_PER_DAY?: string | number;
  /** JSON object of MCP servers by id: `{"docs": {"url": "https://…/mcp", "apiKeySecret": "DOCS_TOKEN"}}`. */
  MCP_SERVERS?: string;
  /**
   * `true` lets the OAuth relay reach http and loopback / private / internal addresses named by an MCP
   * server's sign-in metadata. For local tests and dev only (their fakes run on 127.0.0.1); off by default.
   */
  ALLOW_LOCAL_OAUTH_URLS?: string | boolean;
  /** Comma-separated exact browser origins allowed to call the proxy. */
  ALLOWED_ORIGINS?: string;
  /** Largest accepted request body in bytes; defaults to 1 MiB. */
  MAX_BODY_BYTES?: string | number;
  /** `all` (default): one log line per request; `errors`: only for answers with status ≥ 400. */
  LOG_REQUESTS?: string;
  /** HMAC secret for client tokens; when set, every route but `/health` needs `Authorization: Bearer <token>`. */
  AUTH_SECRET?: string;
  /** Requests per minute per user (token subject) or, without tokens, per client IP; default 60. */
  RATE_LIMIT_PER_MINUTE?: string | number;
  /**
   * Bits of an IPv6 address that name one client without a token (16–128; default 64): every address
   * in one /64 is one client. 48 counts a whole /48 as one client; 128 keys by the full address.
   */
  CLIENT_IPV6_PREFIX?: string | number;
  /** `true` turns the per-client rate limit off. */
  DISABLE_RATE_LIMIT?: string | boolean;
  /** Credits per user per UTC day; default 200. */
  DAILY_CREDITS?: string | number;
  /** `true` turns the daily credit budget off. */
  DISABLE_DAILY_CREDITS?: string | boolean;
  /** Credits all clients together may spend per UTC day (default 10000); past it, 503 until the next day. */
  DEPLOYMENT_DAILY_CREDITS?: string | number;
  /** `true` turns the deployment's daily ceiling off. */
  DISABLE_DEPLOYMENT_CREDITS?: string | boolean;
  /** Requests per client an isolate admits without awaiting the `USAGE` counter (default 5; 0 asks every time). */
  LIMITS_ALLOWANCE_REQUESTS?: string | number;
  /** Credits per client an isolate spends without awaiting the `USAGE` counter (default 10; 0 asks every time). */
  LIMITS_ALLOWANCE_CREDITS?: string | number;
  /** How long a request with no allowance left waits for the counter before `503 limits_unavailable` (default 1000). */
  LIMITS_TIMEOUT_MS?: string | number;
  /** JSON credit prices: `{"modelCall": 5, "models": {…}, "mcpToolCall": 2, "mcpTools": {"docs/search": 3}}`. */
  CREDIT_PRICES?: string;
  /** Comma-separated sizes `POST /v1/images/generations` may ask for; default `1024x1024`. */
  IMAGE_SIZES?: string;
  /** Largest `n` (images per request); default 1. */
  MAX_IMAGES?: string | number;
  /** Dearest image quality (`low`, `medium`, `high`); default `medium`, dearer ones are lowered. */
  MAX_IMAGE_QUALITY?: string;
  /** `on` stores each conversation (masked) in `TRANSCRIPTS_DB`; `off` (default) stores nothing. */
  TRANSCRIPTS?: string;
  /** Days transcripts are kept (default 30); older ones are deleted by the cron trigger. */
  TRANSCRIPTS_RETENTION_DAYS?: string | number;
  /** Secret (≥ 32 characters) that signs in to the dashboard at `/admin`; needed with `TRANSCRIPTS="on"`. */
  ADMIN_TOKEN?: string;
  /** OTLP/HTTP traces endpoint for request spans, e.g. `https://otel.example/v1/traces`; off when unset. */
  OTLP_ENDPOINT?: string;
  /** D1 database for transcripts (wrangler.jsonc `d1_databases`, binding `TRANSCRIPTS_DB`). */
  TRANSCRIPTS_DB?: D1Database;
  /** Durable Object namespace keeping rate-limit windows and credit balances (wrangler.jsonc). */
  USAGE?: UsageNamespace;
  /** Durable Object namespace keeping model streams for resuming (wrangler.jsonc); unbound: not kept. */
  STREAMS?: StreamsNamespace;
  /** Secrets named by `apiKeySecret` fields. */
  [secretName: string]: unknown;
}
