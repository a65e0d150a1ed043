// Public API of @agent-chat/proxy. Everything exported here is supported; other files are internal.
// The deployable Worker is `src/worker.ts` (wrangler.jsonc `main`).

export {
  type ClientTokenClaims,
  mintClientToken,
  type TokenProblem,
  verifyClientToken,
} from './auth/client-token.js';
export { MAX_TOKEN_TTL_SECONDS } from './config/client-identity.js';
export { loadConfig } from './config/config.js';
export { ANTHROPIC_DEFAULT_BASE_URL, DEFAULT_MAX_BODY_BYTES } from './config/config-defaults.js';
export type { CreditPrices, McpServerConfig, ProxyConfig, UpstreamConfig } from './config/config-types.js';
export type { ProxyEnv } from './config/proxy-env.js';
export type { UpstreamFetch } from './http/context.js';
export { createProxy, type ProxyHandler, type ProxyOptions } from './routes/create-proxy.js';
export type { ErrorBody } from './shared/error-response.js';
export { HttpError, type HttpErrorOptions } from './shared/http-error.js';
export type { GrantAnswer, GrantAsk } from './usage/grant.js';
// The Durable Object class itself is exported by worker.ts (it imports cloudflare:workers);
// these are its request and answer shapes.
export type { CreditState, RateState, UsageAsk, UsageDecision } from './usage/usage-counter.js';
