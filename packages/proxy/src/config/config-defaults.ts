import type { ImageQuality, ReasoningEffort } from './config-fields.js';

// The safe defaults: the proxy's URL is in every page's source, so with nothing but
// ALLOWED_ORIGINS, UPSTREAM_BASE_URL and a key, a stranger must not be able to spend the key freely.
// Each default is turned off only by a setting whose name says so.

/** The one model allowed when neither `MODELS` nor `DEFAULT_MODEL` is set (and `ALLOW_ANY_MODEL` is not `true`). */
export const FALLBACK_MODEL = 'gpt-4o-mini';
/** Default request body limit: 1 MiB, ample for chat requests with long histories. */
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;
/** Default Anthropic Messages API base URL. */
export const ANTHROPIC_DEFAULT_BASE_URL = 'https://api.anthropic.com/v1';
/** `MAX_TOKENS` when unset: the largest output a request may ask for. */
export const DEFAULT_MAX_TOKENS = 4096;
/** `RATE_LIMIT_PER_MINUTE` when unset: requests per minute per client (an MCP session makes several). */
export const DEFAULT_RATE_LIMIT_PER_MINUTE = 60;
/** `DAILY_CREDITS` when unset: credits per client per UTC day (a model call costs 1 by default). */
export const DEFAULT_DAILY_CREDITS = 200;
/**
 * `DEPLOYMENT_DAILY_CREDITS` when unset: credits all clients together may spend per UTC day (50 clients
 * spending their whole default budget), however many addresses they come from.
 */
export const DEFAULT_DEPLOYMENT_DAILY_CREDITS = 10_000;
/**
 * `LIMITS_ALLOWANCE_REQUESTS` when unset: requests per client an isolate may admit without asking the
 * `UsageCounter` (a reserved allowance it renews in the background, or, until it is renewed, an
 * overdraft of at most this many per window that the counter is told of afterwards). docs/adr/0007.
 */
export const DEFAULT_ALLOWANCE_REQUESTS = 5;
/** `LIMITS_ALLOWANCE_CREDITS` when unset: the same for credits (per client, per isolate, per day). */
export const DEFAULT_ALLOWANCE_CREDITS = 10;
/** `LIMITS_TIMEOUT_MS` when unset: how long a request with no allowance left waits for the counter. */
export const DEFAULT_LIMITS_TIMEOUT_MS = 1000;
/** `MAX_CHOICES` when unset: `n` above 1 is refused. */
export const DEFAULT_MAX_CHOICES = 1;
/** `MAX_REASONING_EFFORT` when unset: higher efforts are lowered to it. */
export const DEFAULT_MAX_REASONING_EFFORT: ReasoningEffort = 'medium';
/** `SERVICE_TIERS` when unset: the tiers that cost no more than the standard price. */
export const DEFAULT_SERVICE_TIERS: readonly string[] = ['auto', 'default', 'flex', 'standard_only'];
/** `IMAGE_SIZES` when unset: the one size an image request may ask for. */
export const DEFAULT_IMAGE_SIZES: readonly string[] = ['1024x1024'];
/** `MAX_IMAGES` when unset: images per request. */
export const DEFAULT_MAX_IMAGES = 1;
/** `MAX_IMAGE_QUALITY` when unset: dearer qualities are lowered to it. */
export const DEFAULT_MAX_IMAGE_QUALITY: ImageQuality = 'medium';
/**
 * `CREDIT_PRICES.inputTokensPerCredit` when unset: a model call costs one more credit per this many
 * estimated input tokens (a token per 4 bytes of the checked body), so a 900 KB prompt costs ~57
 * credits, not 1.
 */
export const DEFAULT_INPUT_TOKENS_PER_CREDIT = 4000;
/** Bytes per estimated token when pricing input (about right for English text and JSON). */
export const BYTES_PER_TOKEN = 4;
/** Credits per generated image unless `CREDIT_PRICES.imageCall` / `.images` say otherwise. */
export const DEFAULT_IMAGE_PRICE = 10;
/** How long a client token minted for a passed Turnstile check lives, unless `TURNSTILE_TOKEN_TTL_SECONDS`. */
export const DEFAULT_TURNSTILE_TOKEN_TTL_SECONDS = 900;
/**
 * `TURNSTILE_CLIENTS_PER_IP_PER_DAY` when unset: new Turnstile clients (token subjects, each with its
 * own limits and credits) one IP may start per UTC day. Renewals keep their subject and are not counted.
 */
export const DEFAULT_TURNSTILE_CLIENTS_PER_IP_PER_DAY = 20;
/** Cloudflare's Turnstile verification endpoint. */
export const TURNSTILE_SITEVERIFY_URL = 'https://challenges.cloudflare.com/turnstile/v0/siteverify';

/** A default that is on unless `switchName` is `true`, with the variable that tunes it. */
interface Guard<T> {
  value: T | undefined;
  switchOff: boolean;
  variable: string;
  switchName: string;
  fallback: T;
}

/**
 * Resolves one safe default: the configured value, else the fallback, or `undefined` when the
 * switch turns it off. Setting both the value and its off switch is a contradiction worth naming.
 */
export function guarded<T>(guard: Guard<T>, problems: string[]): T | undefined {
  if (guard.switchOff && guard.value !== undefined) {
    problems.push(`${guard.variable} and ${guard.switchName}=true contradict each other: remove one of them`);
  }
  if (guard.switchOff) return undefined;
  return guard.value ?? guard.fallback;
}
