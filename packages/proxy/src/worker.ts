import { createProxy } from './create-proxy.js';
import type { ProxyEnv } from './proxy-env.js';

/** The rate-limit and credit Durable Object; wrangler.jsonc binds it as `USAGE`. */
export { UsageCounter } from './usage/usage-counter.js';

/** The deployed Worker (wrangler.jsonc `main`): the proxy with default options. */
export default { fetch: createProxy() } satisfies ExportedHandler<ProxyEnv>;
