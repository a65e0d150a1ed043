import type { UsageCounter } from './usage/usage-counter';

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
  /** Model allowlist: comma-separated `model` or `model=upstream` entries; unset allows any model. */
  MODELS?: string;
  /** Largest `max_tokens` a client may ask for; larger values are clamped. */
  MAX_TOKENS?: string | number;
  /** JSON object of MCP servers by id: `{"docs": {"url": "https://…/mcp", "apiKeySecret": "DOCS_TOKEN"}}`. */
  MCP_SERVERS?: string;
  /** Comma-separated exact browser origins allowed to call the proxy. */
  ALLOWED_ORIGINS?: string;
  /** Largest accepted request body in bytes; defaults to 1 MiB. */
  MAX_BODY_BYTES?: string | number;
  /** `all` (default): one log line per request; `errors`: only for answers with status ≥ 400. */
  LOG_REQUESTS?: string;
  /** HMAC secret for client tokens; when set, every route but `/health` needs `Authorization: Bearer <token>`. */
  AUTH_SECRET?: string;
  /** Requests per minute per user (token subject) or, without tokens, per client IP. */
  RATE_LIMIT_PER_MINUTE?: string | number;
  /** Credits per user per UTC day; unset disables credits. */
  DAILY_CREDITS?: string | number;
  /** JSON credit prices: `{"modelCall": 5, "models": {…}, "mcpToolCall": 2, "mcpTools": {"docs/search": 3}}`. */
  CREDIT_PRICES?: string;
  /** Durable Object namespace keeping rate-limit windows and credit balances (wrangler.jsonc). */
  USAGE?: DurableObjectNamespace<UsageCounter>;
  /** Secrets named by `apiKeySecret` fields. */
  [secretName: string]: unknown;
}
