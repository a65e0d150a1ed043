// Who may read the owner's view: `Authorization: Bearer <ADMIN_TOKEN>`, or the session cookie the
// sign-in form sets. The cookie holds an HMAC derived from the token, never the token itself.

/** The session cookie's name (scoped to `/admin`). */
export const ADMIN_COOKIE = 'agent_chat_admin';

/** How long a dashboard sign-in lasts (12 hours). */
export const ADMIN_SESSION_SECONDS = 43_200;

const encoder = new TextEncoder();

async function hmacHex(key: string, message: string): Promise<string> {
  const cryptoKey = await crypto.subtle.importKey(
    'raw',
    encoder.encode(key),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', cryptoKey, encoder.encode(message)));
  return [...mac].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The session cookie's value for `adminToken`: changes when the token does, so rotating it signs everyone out. */
export function sessionValue(adminToken: string): Promise<string> {
  return hmacHex(adminToken, 'agent-chat-admin-session:v1');
}

/** Compares two secrets in time independent of where they differ (both are hashed to equal length first). */
export async function sameSecret(given: string, expected: string): Promise<boolean> {
  const [a, b] = await Promise.all([hmacHex('compare', given), hmacHex('compare', expected)]);
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}

/** Whether `request` carries the admin token (bearer) or a valid session cookie. */
export async function isAdmin(request: Request, adminToken: string | undefined): Promise<boolean> {
  if (adminToken === undefined) return false;
  const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.get('Authorization') ?? '')?.[1];
  if (bearer !== undefined) return sameSecret(bearer, adminToken);
  const cookie = cookieValue(request.headers.get('Cookie'), ADMIN_COOKIE);
  if (cookie === undefined) return false;
  return sameSecret(cookie, await sessionValue(adminToken));
}

/** The `Set-Cookie` value that signs in (`value`) or out (`undefined`). */
export function sessionCookie(value: string | undefined): string {
  const attributes = 'Path=/admin; HttpOnly; Secure; SameSite=Strict';
  return value === undefined
    ? `${ADMIN_COOKIE}=; ${attributes}; Max-Age=0`
    : `${ADMIN_COOKIE}=${value}; ${attributes}; Max-Age=${ADMIN_SESSION_SECONDS}`;
}

function cookieValue(header: string | null, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return undefined;
}
