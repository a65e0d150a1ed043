import { AgentChatError, ConfigurationError, isAbortError } from '../../errors.js';
import type { ContentItem } from '../../model/content.js';
import { providerMessage } from '../../model/http-call.js';
import { bytesToBase64 } from '../base64.js';
import { defineTool, type Tool } from '../tool.js';
import { type ToolOutput, toolOutput } from '../tool-output.js';

/** Options of {@link imageGenerator}. */
export interface ImageGeneratorOptions {
  /** OpenAI-compatible base URL ending in `/v1`, e.g. the proxy's `https://my-proxy.workers.dev/v1`. */
  baseURL: string;
  /** The image model, e.g. `gpt-image-1-mini` (the proxy must allow it in `MODELS`). */
  model: string;
  /** Sent as `size`; default `1024x1024` (the proxy's default `IMAGE_SIZES`). */
  size?: string;
  /** Sent as `quality` when set (the proxy lowers it to its `MAX_IMAGE_QUALITY`). */
  quality?: string;
  /** Extra request headers, e.g. a client token: `{ Authorization: 'Bearer …' }`. */
  headers?: Record<string, string> | (() => Record<string, string> | Promise<Record<string, string>>);
  /** The `fetch` to use; default the global one. */
  fetch?: typeof fetch;
}

/** An image call failed: the message is what the model reads, so it says what to change. */
export class ImageGenerationError extends AgentChatError {
  /** HTTP status of the failed call, when there was one. */
  readonly status: number | undefined;

  constructor(message: string, options: { status?: number; cause?: unknown } = {}) {
    super('image_generation_failed', message, {
      cause: options.cause,
      isRetryable: options.status === 429 || (options.status ?? 0) >= 500,
    });
    this.status = options.status;
  }
}

/**
 * The `generate_image` tool: asks an OpenAI-compatible images endpoint (normally the proxy's
 * `POST /v1/images/generations`) for one picture and returns it as image content, which a UI shows
 * and a conversation store keeps. Both answer shapes work: `b64_json`, and `url` (fetched into bytes,
 * since such links expire). A failed call throws {@link ImageGenerationError}, which the model reads as
 * the tool's error and can act on (reword the prompt, tell the user) while the chat goes on.
 *
 * @example
 * const agent = createAgent({ model, tools: [imageGenerator({ baseURL: proxy + '/v1', model: 'gpt-image-1-mini' })] });
 */
export function imageGenerator(options: ImageGeneratorOptions): Tool<{ prompt: string }, ToolOutput> {
  if (typeof options?.baseURL !== 'string' || !URL.canParse(options.baseURL, globalThis.location?.href))
    throw new ConfigurationError(
      `imageGenerator: baseURL must be a URL such as https://my-proxy.workers.dev/v1, got ${JSON.stringify(options?.baseURL)}.`,
    );
  if (typeof options.model !== 'string' || !options.model.trim())
    throw new ConfigurationError('imageGenerator: model is required, e.g. "gpt-image-1-mini".');
  const url = `${options.baseURL.replace(/\/+$/, '')}/images/generations`;
  return defineTool({
    name: 'generate_image',
    description:
      'Generates a picture from a text description and shows it to the user. Describe subject, style and composition in the prompt.',
    parameters: {
      type: 'object',
      properties: { prompt: { type: 'string', description: 'What the picture shows, in detail.' } },
      required: ['prompt'],
      additionalProperties: false,
    },
    execute: async ({ prompt }: { prompt: string }, context) => {
      const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
      const headers = typeof options.headers === 'function' ? await options.headers() : options.headers;
      const body = { model: options.model, prompt, n: 1, size: options.size ?? '1024x1024' };
      if (options.quality) Object.assign(body, { quality: options.quality });
      const response = await call(
        () =>
          doFetch(url, {
            method: 'POST',
            headers: { 'content-type': 'application/json', ...headers },
            body: JSON.stringify(body),
            signal: context.signal,
          }),
        url,
      );
      if (!response.ok) {
        const message = providerMessage(await response.text().catch(() => ''));
        throw new ImageGenerationError(
          `The image service answered HTTP ${response.status}${message ? `: ${message}` : ''}. ${advice(response.status)}`,
          { status: response.status },
        );
      }
      const image = await readImage(await response.json().catch(() => undefined), doFetch, context.signal);
      return toolOutput([{ kind: 'image', ...image, alt: prompt } satisfies ContentItem]);
    },
  });
}

async function call(send: () => Promise<Response>, url: string): Promise<Response> {
  try {
    return await send();
  } catch (error) {
    if (isAbortError(error)) throw error;
    throw new ImageGenerationError(`The image service at ${url} could not be reached; try again later.`, {
      cause: error,
    });
  }
}

async function readImage(answer: unknown, doFetch: typeof fetch, signal: AbortSignal) {
  const first = (answer as { data?: Array<{ b64_json?: unknown; url?: unknown }> } | undefined)?.data?.[0];
  const format = (answer as { output_format?: unknown } | undefined)?.output_format;
  const mimeType = typeof format === 'string' && format !== 'png' ? `image/${format}` : 'image/png';
  if (typeof first?.b64_json === 'string' && first.b64_json) return { data: first.b64_json, mimeType };
  if (typeof first?.url === 'string') {
    const image = await call(() => doFetch(first.url as string, { signal }), first.url);
    if (!image.ok)
      throw new ImageGenerationError(`The generated image could not be downloaded (HTTP ${image.status}).`, {
        status: image.status,
      });
    const type = image.headers.get('content-type')?.split(';')[0]?.trim();
    return { data: bytesToBase64(new Uint8Array(await image.arrayBuffer())), mimeType: type || mimeType };
  }
  throw new ImageGenerationError('The image service answered without an image (no data[0].b64_json or url).');
}

function advice(status: number): string {
  if (status === 402) return 'The daily image credits are used up; tell the user to try again tomorrow.';
  if (status === 429) return 'Too many requests; wait before trying again.';
  if (status === 400) return 'Change the prompt (it may break the content policy) or tell the user.';
  if (status === 403) return 'Image generation is not allowed for this model here; tell the user.';
  return 'Tell the user the picture could not be made.';
}
