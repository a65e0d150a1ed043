import type { ProxyConfig } from '../config/config-types.js';
import { HttpError } from '../shared/http-error.js';

/**
 * The `anthropic-beta` header to forward: undefined when the client sent none, the client's flags
 * when every one is on `ANTHROPIC_BETAS`; otherwise the request is refused (400), since a beta flag
 * can switch on features that cost more on the operator's key.
 */
export function allowedBetas(config: ProxyConfig, headers: Headers): string | undefined {
  const header = headers.get('anthropic-beta');
  if (header === null) return undefined;
  const flags = header
    .split(',')
    .map((flag) => flag.trim())
    .filter((flag) => flag !== '');
  if (flags.length === 0) return undefined;
  if (flags.every((flag) => config.anthropicBetas.has(flag))) return flags.join(',');
  const allowed = [...config.anthropicBetas];
  throw new HttpError(
    400,
    'beta_not_allowed',
    `The anthropic-beta header names a flag this proxy does not allow (ANTHROPIC_BETAS); allowed: ${allowed.join(', ') || 'none'}. Drop the header or ask the operator to add the flag.`,
  );
}
