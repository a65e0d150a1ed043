/**
 * The shortest secret the proxy signs or checks with (an HMAC key). Anyone holding one valid token
 * signed with a shorter key can try keys offline, as fast as their hardware allows, and then mint
 * tokens for any client (issue 39).
 */
export const MIN_SIGNING_SECRET_LENGTH = 32;

/**
 * Adds a problem (the proxy then refuses to serve) for each secret it signs or checks with that is
 * shorter than {@link MIN_SIGNING_SECRET_LENGTH}, naming the setting, never the value. Provider keys
 * are not checked here: their length is the provider's, and a placeholder key is fine for a keyless
 * local server (see short-secrets.ts).
 */
export function checkSigningSecrets(secrets: Record<string, string | undefined>, problems: string[]): void {
  for (const [setting, value] of Object.entries(secrets)) {
    if (value === undefined || value.length >= MIN_SIGNING_SECRET_LENGTH) continue;
    problems.push(
      `${setting} is shorter than ${MIN_SIGNING_SECRET_LENGTH} characters, so a token signed with it can be brute-forced offline: set a random one of at least ${MIN_SIGNING_SECRET_LENGTH} characters (e.g. \`openssl rand -base64 32 | wrangler secret put ${setting}\`)`,
    );
  }
}
