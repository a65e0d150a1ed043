import { MIN_REDACTED_SECRET_LENGTH } from '../shared/redact.js';

/**
 * Warns once per config (it is validated once per isolate) about each secret shorter than
 * {@link MIN_REDACTED_SECRET_LENGTH}, naming its setting, never its value: such a value is a
 * placeholder (`UPSTREAM_API_KEY=x` for Ollama), so it is left out of substring redaction and only
 * a header that is exactly it is dropped. The proxy still starts: refusing would break keyless local
 * servers that want some key. docs/adr/0007.
 */
export function warnShortSecrets(secrets: ReadonlyMap<string, string>): void {
  for (const [value, setting] of secrets) {
    if (value.length >= MIN_REDACTED_SECRET_LENGTH) continue;
    console.warn(
      JSON.stringify({
        level: 'warn',
        msg: 'short_secret',
        setting,
        detail: `${setting} is shorter than ${MIN_REDACTED_SECRET_LENGTH} characters, so it is treated as a placeholder: it is not redacted inside upstream answers (only a header that is exactly it is dropped). Use a real key, or leave ${setting} unset for a keyless server.`,
      }),
    );
  }
}
