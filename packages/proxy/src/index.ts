// Public API of @agent-chat/proxy. Everything exported here is supported; other files are internal.
// The deployable Worker is `src/worker.ts` (wrangler.jsonc `main`).

export { DEFAULT_MAX_BODY_BYTES, loadConfig, type ProxyConfig } from './config';
export type { UpstreamFetch } from './context';
export { createProxy, type ProxyHandler, type ProxyOptions } from './create-proxy';
export type { ErrorBody } from './error-response';
export { HttpError, type HttpErrorOptions } from './http-error';
export type { ProxyEnv } from './proxy-env';
