import type { ProxyEnv } from './proxy-env.js';

/**
 * The secrets a configuration uses: those its settings name (`apiKeySecret`), looked up in the worker's
 * env, and the fixed ones; each value with the setting it came from, for redaction and the short-secret
 * warning.
 */
export class ConfigSecrets {
  /** Secret value → the variable it came from. */
  readonly values = new Map<string, string>();
  readonly #env: ProxyEnv;
  readonly #problems: string[];

  constructor(env: ProxyEnv, problems: string[]) {
    this.#env = env;
    this.#problems = problems;
  }

  /** The secret `name` that `variable` names; a problem saying how to set it when it is missing. */
  named(variable: string, name: string | undefined): string | undefined {
    if (name === undefined) return undefined;
    const value = this.#env[name];
    if (typeof value === 'string' && value.trim() !== '') {
      this.values.set(value.trim(), name);
      return value.trim();
    }
    this.#problems.push(
      `${variable} names the secret ${name}, which is not set: run \`wrangler secret put ${name}\``,
    );
    return undefined;
  }

  /** Secrets set directly as variables (`UPSTREAM_API_KEY`, `AUTH_SECRET`, …). */
  add(values: Record<string, string | undefined>): void {
    for (const [name, secret] of Object.entries(values))
      if (secret !== undefined) this.values.set(secret, name);
  }
}
