import { IMAGE_QUALITIES, type ImageQuality } from '../config/config-fields.js';
import type { ProxyConfig, UpstreamConfig } from '../config/config-types.js';
import { HttpError } from '../shared/http-error.js';
import { checkBodyFields } from './body-fields.js';

/** What `POST /v1/images/generations` forwards: the upstream, the checked body and its price. */
export interface ImageCall {
  upstream: UpstreamConfig;
  /** The checked request, re-serialised. */
  body: Uint8Array;
  /** Credits: the model's price per image times `n`. */
  cost: number;
}

// dall-e-3 names its two qualities differently; they rank with the gpt-image ones.
const QUALITY_RANK: Record<string, number> = { low: 0, standard: 1, medium: 1, hd: 2, high: 2 };
// Fields that make the upstream work more per request than the price covers; the proxy does not stream images.
const REFUSED_FIELDS = ['stream', 'partial_images'] as const;

/**
 * The image route's guards, in the order a refusal is cheapest: a prompt, the model allowlist
 * (`MODELS`, as for chat), `n` up to `MAX_IMAGES`, `size` from `IMAGE_SIZES`, `quality` lowered to
 * `MAX_IMAGE_QUALITY` (set to it when a gpt-image model's request leaves it out, since their `auto`
 * may pick `high`), no streaming; the price is `CREDIT_PRICES.images[model]` (else `imageCall`) per image.
 */
export function applyImagePolicy(config: ProxyConfig, request: Record<string, unknown>): ImageCall {
  const { model, prompt } = request;
  if (typeof model !== 'string' || model.trim() === '')
    throw invalid('The request has no "model": name the image model to use, e.g. "gpt-image-1-mini".');
  if (typeof prompt !== 'string' || prompt.trim() === '')
    throw invalid('The request has no "prompt": describe the image to generate.');
  if (config.models !== undefined && !config.models.has(model)) {
    throw new HttpError(
      403,
      'model_not_allowed',
      `This model is not on the proxy's allowlist (MODELS); allowed: ${[...config.models.keys()].join(', ')}.`,
    );
  }
  const upstream = config.upstreams.get(config.models?.get(model) ?? 'default');
  if (upstream === undefined || upstream.api !== 'openai')
    throw new HttpError(400, 'wrong_api', 'Image models are served by an OpenAI-compatible upstream only.');
  checkBodyFields(config, 'images', request);
  for (const field of REFUSED_FIELDS) {
    if (request[field] !== undefined && request[field] !== null && request[field] !== false)
      throw invalid(`"${field}" is not supported by the proxy: leave it out.`);
  }
  const n = images(config, request.n);
  size(config, request.size);
  quality(config.images.maxQuality, model, request);
  const price = config.prices.images[model] ?? config.prices.imageCall;
  return {
    upstream,
    body: new TextEncoder().encode(JSON.stringify(request)),
    cost: Math.ceil(price * n),
  };
}

function images(config: ProxyConfig, n: unknown): number {
  if (n === undefined || n === null) return 1;
  if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 1)
    throw invalid('"n" must be a positive whole number of images, e.g. 1.');
  if (n > config.images.maxImages)
    throw new HttpError(
      400,
      'images_not_allowed',
      `The request asks for ${n} images ("n"); this proxy allows at most ${config.images.maxImages} (MAX_IMAGES).`,
    );
  return n;
}

function size(config: ProxyConfig, value: unknown): void {
  if (value === undefined || value === null) {
    if (config.images.sizes.has('auto')) return;
    // Without a size the upstream picks one, possibly dearer than any allowed.
    throw new HttpError(
      400,
      'size_not_allowed',
      `The request has no "size"; name one of ${[...config.images.sizes].join(', ')} (IMAGE_SIZES).`,
    );
  }
  if (typeof value !== 'string' || !config.images.sizes.has(value))
    throw new HttpError(
      400,
      'size_not_allowed',
      `This "size" is not allowed by the proxy (IMAGE_SIZES); allowed: ${[...config.images.sizes].join(', ')}.`,
    );
}

function quality(max: ImageQuality, model: string, request: Record<string, unknown>): void {
  const value = request.quality;
  const limit = IMAGE_QUALITIES.indexOf(max);
  if (value === undefined || value === null || value === 'auto') {
    if (value === 'auto' || model.startsWith('gpt-image')) request.quality = max;
    return;
  }
  const rank = typeof value === 'string' ? QUALITY_RANK[value] : undefined;
  if (rank === undefined)
    throw invalid(`"quality" must be one of ${Object.keys(QUALITY_RANK).join(', ')} or auto.`);
  if (rank <= limit) return;
  // Lower within the request's own naming: dall-e-3 knows only standard and hd.
  request.quality = value === 'hd' ? 'standard' : max;
}

function invalid(message: string): HttpError {
  return new HttpError(400, 'invalid_request', message);
}
