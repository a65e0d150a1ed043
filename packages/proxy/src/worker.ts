import { createProxy } from './create-proxy';
import type { ProxyEnv } from './proxy-env';

/** The deployed Worker (wrangler.jsonc `main`): the proxy with default options. */
export default { fetch: createProxy() } satisfies ExportedHandler<ProxyEnv>;
