import { containsSecret, redactSecrets } from '../shared/redact.js';

/**
 * Client request headers passed to model upstreams. An allowlist rather than a blocklist, so Cookie,
 * Authorization, Origin, Host, hop-by-hop and any header invented later stay behind by default.
 */
export const FORWARDED_REQUEST_HEADERS: readonly string[] = ['accept', 'accept-language', 'content-type'];

/** Hop-by-hop headers (RFC 9110 §7.6.1) describe one connection and must not be relayed. */
export const HOP_BY_HOP_HEADERS: readonly string[] = [
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
];

/** Copies only the `allowlist` headers (lower-case names) from `incoming`. */
export function pickHeaders(incoming: Headers, allowlist: readonly string[]): Headers {
  const headers = new Headers();
  for (const name of allowlist) {
    const value = incoming.get(name);
    if (value !== null) headers.set(name, value);
  }
  return headers;
}

/** Builds the upstream request headers: the allowlisted client headers plus the bearer key, if any. */
export function upstreamRequestHeaders(incoming: Headers, apiKey: string | undefined): Headers {
  const headers = pickHeaders(incoming, FORWARDED_REQUEST_HEADERS);
  if (apiKey !== undefined) headers.set('Authorization', `Bearer ${apiKey}`);
  return headers;
}

/**
 * Builds the client response headers from the upstream's: drops hop-by-hop headers (and any the
 * upstream's Connection header names), cookies for the upstream's domain, the upstream's own CORS
 * headers (the proxy decides CORS), Content-Length (the runtime frames the body it sends), and any
 * header whose value carries a secret ({@link containsSecret}). `Content-Type` is never dropped (a
 * client cannot read a stream without it): a secret in it is redacted in place. The proxy's own
 * CORS and usage headers are added after this and never filtered.
 */
export function clientResponseHeaders(upstream: Headers, secrets: readonly string[]): Headers {
  const dropped = new Set(HOP_BY_HOP_HEADERS);
  for (const name of (upstream.get('connection') ?? '').split(',')) dropped.add(name.trim().toLowerCase());
  const headers = new Headers();
  for (const [name, value] of upstream) {
    const lower = name.toLowerCase();
    if (dropped.has(lower) || lower === 'set-cookie' || lower === 'content-length') continue;
    if (lower.startsWith('access-control-')) continue;
    if (containsSecret(value, secrets)) {
      if (lower === 'content-type') headers.append(name, redactSecrets(value, secrets));
      continue;
    }
    headers.append(name, value);
  }
  return headers;
}
