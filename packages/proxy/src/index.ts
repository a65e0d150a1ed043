// Public API of @agent-chat/proxy. Everything exported here is supported; other files are internal.
// The deployable Worker is `src/worker.ts` (wrangler.jsonc `main`).

export {
  type ClientTokenClaims,
  MAX_TOKEN_TTL_SECONDS,
  mintClientToken,
  type TokenProblem,
  verifyClientToken,
} from './auth/client-token';
export {
  ANTHROPIC_DEFAULT_BASE_URL,
  type CreditPrices,
  DEFAULT_MAX_BODY_BYTES,
  loadConfig,
  type McpServerConfig,
  type ProxyConfig,
  type UpstreamConfig,
} from './config';
export type { UpstreamFetch } from './context';
export { createProxy, type ProxyHandler, type ProxyOptions } from './create-proxy';
export type { ErrorBody } from './error-response';
export { HttpError, type HttpErrorOptions } from './http-error';
export type { ProxyEnv } from './proxy-env';
// The Durable Object class itself is exported by worker.ts (it imports cloudflare:workers);
// these are its request and answer shapes.
export type { CreditState, RateState, UsageAsk, UsageDecision } from './usage/usage-counter';
