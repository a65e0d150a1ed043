/** What replaces a secret found in text that is about to leave the proxy. */
export const REDACTED = '[redacted]';

/**
 * Secrets shorter than this are placeholders (`x`, `ollama`), not keys: matched only as a whole
 * header value, never inside other text, where a one-letter "secret" would match almost everything
 * (issue 28: `UPSTREAM_API_KEY=x` dropped `Content-Type: text/event-stream`). The config warns.
 */
export const MIN_REDACTED_SECRET_LENGTH = 8;

const redactable = (secret: string) => secret.length >= MIN_REDACTED_SECRET_LENGTH;

/** Replaces every occurrence of each secret (the whole key, 8 characters or more) in `text`. */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  let result = text;
  for (const secret of secrets) {
    if (redactable(secret)) result = result.replaceAll(secret, REDACTED);
  }
  return result;
}

/**
 * True when a header value carries a secret: contains a whole key of 8 characters or more, or is
 * exactly a shorter one (alone or as `Bearer <secret>`).
 */
export function containsSecret(value: string, secrets: readonly string[]): boolean {
  const trimmed = value.trim();
  return secrets.some((secret) =>
    redactable(secret)
      ? value.includes(secret)
      : secret !== '' && (trimmed === secret || trimmed === `Bearer ${secret}`),
  );
}
