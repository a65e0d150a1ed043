/**
 * The bindings the worker reads: `vars` from wrangler.jsonc (or `.dev.vars`) and the
 * `UPSTREAM_API_KEY` secret. All optional here because the runtime does not guarantee them;
 * `loadConfig` validates them.
 */
export interface ProxyEnv {
  /** OpenAI-compatible base URL, e.g. `https://api.openai.com/v1` or `http://127.0.0.1:11434/v1`. */
  UPSTREAM_BASE_URL?: string;
  /** Secret sent upstream as `Authorization: Bearer …`; absent for keyless local servers. */
  UPSTREAM_API_KEY?: string;
  /** Comma-separated exact browser origins allowed to call the proxy. */
  ALLOWED_ORIGINS?: string;
  /** Largest accepted request body in bytes; defaults to 1 MiB. */
  MAX_BODY_BYTES?: string | number;
}
