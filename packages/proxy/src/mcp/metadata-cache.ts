import type { ProxyConfig } from '../config/config-types.js';

/** How long fetched OAuth metadata is reused: a sign-in reads it several times within seconds. */
export const METADATA_TTL_MS = 60_000;

type Json = Record<string, unknown>;

interface Entry {
  value: Json;
  expiresAt: number;
}

// Per config (so per deployment, and per env in tests); the keys are derived from MCP_SERVERS and
// what those servers publish, so the map stays small, and expired entries are dropped on each store.
const caches = new WeakMap<ProxyConfig, Map<string, Entry>>();

/**
 * OAuth metadata (protected-resource, authorization-server) fetched by `load`, kept for
 * {@link METADATA_TTL_MS}: every sign-in step through the proxy needs it, and without a cache each
 * one would ask the upstream again. Only successful answers are kept; failures are asked again.
 */
export async function cachedMetadata(
  config: ProxyConfig,
  key: string,
  now: number,
  load: () => Promise<Json>,
): Promise<Json> {
  let cache = caches.get(config);
  if (cache === undefined) {
    cache = new Map();
    caches.set(config, cache);
  }
  const hit = cache.get(key);
  if (hit !== undefined && hit.expiresAt > now) return hit.value;
  const value = await load();
  for (const [stale, entry] of cache) if (entry.expiresAt <= now) cache.delete(stale);
  cache.set(key, { value, expiresAt: now + METADATA_TTL_MS });
  return value;
}
