// Limits on how a client is told apart, read by the config's checks and by auth/ (no imports, so
// `auth/client-token.ts` stays usable on its own in any backend that mints tokens).

/** Tokens may live at most this long, so a leaked one is useless soon. */
export const MAX_TOKEN_TTL_SECONDS = 24 * 60 * 60;

/** `CLIENT_IPV6_PREFIX` when unset: an IPv6 client is its /64, the smallest network a host is usually given. */
export const DEFAULT_CLIENT_IPV6_PREFIX = 64;
