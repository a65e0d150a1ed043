/**
 * Each element's way to reach its proxy (its `token-url` client token or Turnstile, once there is one),
 * registered by the agent source: the lazy code that reports feedback or deletes a transcript on the proxy
 * (conversations/proxy-transcript.ts) sends with it, so a proxy with client tokens accepts those requests too.
 */
export const proxyFetches = new WeakMap<Element, () => Promise<typeof fetch | undefined>>();
