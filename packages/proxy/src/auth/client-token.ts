// Short-lived client tokens: `<base64url(JSON payload)>.<base64url(HMAC-SHA256(payload))>`.
// Only WebCrypto is used, so minting works the same in a Worker, Node ≥ 20, Deno or a browser-less backend.

import { MAX_TOKEN_TTL_SECONDS } from '../config/client-identity.js';

/** What a client token asserts. */
export interface ClientTokenClaims {
  /** The user the token was issued to; rate limits and credits are kept per subject. */
  sub: string;
  /** Expiry, in seconds since the epoch. */
  exp: number;
}

/** Why a token was refused. */
export type TokenProblem = 'malformed' | 'bad_signature' | 'expired' | 'too_long_lived';

const SUBJECT = /^[\x21-\x7e]{1,128}$/;
const encoder = new TextEncoder();
const keys = new Map<string, Promise<CryptoKey>>();

/**
 * Mints a client token for `sub`, valid `ttlSeconds` (default 15 minutes, at most a day). Call it
 * from your own backend after you have authenticated the user, with the proxy's `AUTH_SECRET`.
 * @example const token = await mintClientToken({ secret: env.AUTH_SECRET, sub: user.id, ttlSeconds: 600 });
 */
export async function mintClientToken(options: {
  secret: string;
  sub: string;
  ttlSeconds?: number;
  now?: number;
}): Promise<string> {
  const ttl = options.ttlSeconds ?? 15 * 60;
  if (!SUBJECT.test(options.sub)) throw new TypeError('sub must be 1–128 visible ASCII characters.');
  if (!(ttl > 0 && ttl <= MAX_TOKEN_TTL_SECONDS)) {
    throw new RangeError(`ttlSeconds must be between 1 and ${MAX_TOKEN_TTL_SECONDS}.`);
  }
  const now = options.now ?? Date.now();
  const claims: ClientTokenClaims = { sub: options.sub, exp: Math.floor(now / 1000) + ttl };
  const payload = toBase64Url(encoder.encode(JSON.stringify(claims)));
  const signature = await crypto.subtle.sign('HMAC', await hmacKey(options.secret), encoder.encode(payload));
  return `${payload}.${toBase64Url(new Uint8Array(signature))}`;
}

/** Verifies a token's signature (constant-time, WebCrypto) and lifetime; returns its claims or the problem. */
export function verifyClientToken(
  token: string,
  secret: string,
  now: number,
): Promise<ClientTokenClaims | TokenProblem> {
  return checkClientToken(token, secret, now, 0);
}

/**
 * {@link verifyClientToken} that also accepts a token expired at most `graceSeconds` ago (internal:
 * a Turnstile renewal proves which client it continues with its previous, perhaps just expired, token).
 */
export async function checkClientToken(
  token: string,
  secret: string,
  now: number,
  graceSeconds: number,
): Promise<ClientTokenClaims | TokenProblem> {
  const [payload, signature, extra] = token.split('.');
  if (payload === undefined || signature === undefined || extra !== undefined) return 'malformed';
  if (!/^[A-Za-z0-9_-]+$/.test(payload)) return 'malformed';
  const signatureBytes = fromBase64Url(signature);
  if (signatureBytes === undefined) return 'malformed';
  const valid = await crypto.subtle.verify(
    'HMAC',
    await hmacKey(secret),
    signatureBytes,
    encoder.encode(payload),
  );
  if (!valid) return 'bad_signature';
  const claims = parseClaims(payload);
  if (claims === undefined) return 'malformed';
  const nowSeconds = Math.floor(now / 1000);
  if (claims.exp + graceSeconds <= nowSeconds) return 'expired';
  if (claims.exp - nowSeconds > MAX_TOKEN_TTL_SECONDS) return 'too_long_lived';
  return claims;
}

function parseClaims(payload: string): ClientTokenClaims | undefined {
  const bytes = fromBase64Url(payload);
  if (bytes === undefined) return undefined;
  try {
    const claims = JSON.parse(new TextDecoder().decode(bytes)) as Partial<ClientTokenClaims>;
    if (typeof claims.sub !== 'string' || !SUBJECT.test(claims.sub)) return undefined;
    if (typeof claims.exp !== 'number' || !Number.isFinite(claims.exp)) return undefined;
    return { sub: claims.sub, exp: claims.exp };
  } catch {
    return undefined;
  }
}

function hmacKey(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (key === undefined) {
    key = crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
      'verify',
    ]);
    keys.set(secret, key);
  }
  return key;
}

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> | undefined {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return undefined;
  try {
    const binary = atob(text.replaceAll('-', '+').replaceAll('_', '/'));
    return Uint8Array.from(binary, (char) => char.charCodeAt(0));
  } catch {
    return undefined;
  }
}
