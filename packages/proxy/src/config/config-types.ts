import type { ImageQuality, ReasoningEffort } from './config-fields.js';
import type { StreamsNamespace, UsageNamespace } from './proxy-env.js';
import type { TranscriptsConfig } from './transcripts-config.js';

// What the proxy's configuration is: the shapes `loadConfig` (config.ts) validates the worker's env into.

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
  /** Estimated input tokens per extra credit (a token per 4 bytes of the checked body); default 4000. */
  inputTokensPerCredit: number;
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
  /** Body fields (and `tools.<type>` tool types) allowed on top of each upstream kind's list (`ALLOW_BODY_FIELDS`). */
  allowedBodyFields: ReadonlySet<string>;
  /** `anthropic-beta` flags a request may send; any other is refused. */
  anthropicBetas: ReadonlySet<string>;
  /** The Turnstile bot check, when `TURNSTILE_SECRET_KEY` is set (needs `AUTH_SECRET`). */
  turnstile: TurnstileConfig | undefined;
  mcpServers: ReadonlyMap<string, McpServerConfig>;
  /** The OAuth relay may reach http and private addresses (`ALLOW_LOCAL_OAUTH_URLS`, tests and dev only). */
  allowLocalOAuthUrls: boolean;
  /** Exact origins (scheme://host[:port]) that browsers may call the proxy from. */
  allowedOrigins: ReadonlySet<string>;
  /** Largest accepted request body in bytes. */
  maxBodyBytes: number;
  /** Which requests get a log line: every one, or only those answered with status ≥ 400. */
  logRequests: 'all' | 'errors';
  /** HMAC secret for client tokens; undefined means no client auth (then every request needs an Origin). */
  authSecret: string | undefined;
  /** Bits of an IPv6 address that name one client without a token (`CLIENT_IPV6_PREFIX`, default 64). */
  clientIpv6Prefix: number;
  rateLimitPerMinute: number | undefined;
  dailyCredits: number | undefined;
  /** Credits all clients together may spend per UTC day; undefined only with `DISABLE_DEPLOYMENT_CREDITS=true`. */
  deploymentDailyCredits: number | undefined;
  prices: CreditPrices;
  usage: UsageNamespace | undefined;
  /** Where model streams are kept for resuming (`STREAMS`, docs/adr/0011); undefined: not kept. */
  streams: StreamsNamespace | undefined;
  /** How isolates decide limits without awaiting `usage` on each request (docs/adr/0007). */
  allowance: AllowanceConfig;
  /** Transcripts in D1 (`TRANSCRIPTS="on"`); undefined when off, the default. */
  transcripts: TranscriptsConfig | undefined;
  /** `ADMIN_TOKEN`: signs in to the dashboard at `/admin`. */
  adminToken: string | undefined;
  /** OTLP/HTTP traces endpoint (`OTLP_ENDPOINT`, e.g. `https://otel.example/v1/traces`); request spans go there. */
  otlpEndpoint: string | undefined;
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
