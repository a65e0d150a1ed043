/** What replaces a secret found in text that is about to leave the proxy. */
export const REDACTED = '[redacted]';

/** Replaces every occurrence of each non-empty secret in `text` with {@link REDACTED}. */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  let result = text;
  for (const secret of secrets) {
    if (secret !== '') result = result.replaceAll(secret, REDACTED);
  }
  return result;
}

/** True when `text` contains any of the non-empty secrets. */
export function containsSecret(text: string, secrets: readonly string[]): boolean {
  return secrets.some((secret) => secret !== '' && text.includes(secret));
}
