import {
  AbortedError,
  isAbortError,
  ModelCallError,
  ModelUnreachableError,
  StreamMalformedError,
} from '../errors.js';
import { providerMessage } from './http-call.js';
import { ModelNotFoundError } from './model-errors.js';

/** What {@link resolveOpenAIModel} needs: the endpoint and, optionally, the model wanted. */
export interface ResolveModelOptions {
  baseURL: string;
  /** The configured model; `auto` or omitted = the best available. */
  model?: string;
  /** When the endpoint lacks the configured model: `error` (default, `ModelNotFoundError`) or `best` available. */
  whenMissing?: 'error' | 'best';
  apiKey?: string;
  headers?: Record<string, string>;
  fetch?: typeof fetch;
  signal?: AbortSignal;
}

/** The model picked, why, and every chat model the endpoint offered. */
export interface ResolvedModel {
  model: string;
  reason: string;
  candidates: string[];
}

// Embedding, speech, image and moderation models cannot chat.
const NOT_CHAT = /embed|bge-|minilm|whisper|tts|dall-e|moderation|rerank|clip|transcribe|davinci-00|babbage/i;
// Families known to call tools well (ADR-007): preferred over unknown ones of the same size.
const TOOL_CAPABLE =
  /gpt-4|gpt-5|o[134]-|claude|llama-?3\.[1-9]|llama-?4|qwen-?2\.5|qwen-?3|mistral|mixtral|hermes|command-r|granite|phi-?4|functionary/i;

/**
 * Lists the models of an OpenAI-compatible endpoint (`GET {baseURL}/models`) and picks one
 * (ADR-004): the configured model when the endpoint has it; otherwise the best available chat model —
 * known tool-capable families first (ADR-007), then the smallest by parameter size. A configured model
 * the endpoint lacks is a {@link ModelNotFoundError} listing what it offers, unless `whenMissing: 'best'`.
 */
export async function resolveOpenAIModel(options: ResolveModelOptions): Promise<ResolvedModel> {
  const listed = await listOpenAIModels(options);
  const candidates = listed.filter((id) => !NOT_CHAT.test(id));
  const wanted = options.model && options.model !== 'auto' ? options.model : undefined;
  if (wanted) {
    if (listed.includes(wanted))
      return { model: wanted, reason: 'configured model is available', candidates };
    if (options.whenMissing !== 'best')
      throw new ModelNotFoundError({ model: wanted, available: candidates });
  }
  const ranked = [...candidates].sort(
    (a, b) =>
      Number(TOOL_CAPABLE.test(b)) - Number(TOOL_CAPABLE.test(a)) ||
      parameterBillions(a) - parameterBillions(b),
  );
  const best = ranked[0];
  if (!best) throw new ModelNotFoundError({ model: 'auto', available: listed });
  const why = TOOL_CAPABLE.test(best)
    ? 'smallest known tool-capable model'
    : 'smallest chat model (tool support unknown)';
  const context = wanted ? `configured ${wanted} is not available` : 'no model configured';
  return { model: best, reason: `${context}: ${why} of ${candidates.length} chat models`, candidates };
}

/** The model ids an OpenAI-compatible endpoint lists (OpenAI `data[]`, Ollama `models[]` shapes). */
export async function listOpenAIModels(options: ResolveModelOptions): Promise<string[]> {
  const url = `${options.baseURL.replace(/\/+$/, '')}/models`;
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  let response: Response;
  try {
    response = await doFetch(url, {
      headers: {
        accept: 'application/json',
        ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
        ...options.headers,
      },
      signal: options.signal ?? null,
    });
  } catch (error) {
    if (options.signal?.aborted || isAbortError(error)) throw new AbortedError(error);
    throw new ModelUnreachableError(url, error);
  }
  const text = await response.text();
  if (!response.ok)
    throw new ModelCallError({ status: response.status, providerMessage: providerMessage(text), url });
  try {
    const body = JSON.parse(text) as {
      data?: Array<{ id?: string }>;
      models?: Array<{ name?: string; model?: string }>;
    };
    const ids = body.data?.map((m) => m.id) ?? body.models?.map((m) => m.model ?? m.name) ?? [];
    return ids.filter((id): id is string => typeof id === 'string' && id !== '');
  } catch (error) {
    throw new StreamMalformedError(`${url} did not answer with a JSON model list`, error);
  }
}

/** Parameter count in billions from a name like `qwen2.5:1.5b`, `Llama-3.1-8B`, `phi3:3.8b`; unknown = large. */
export function parameterBillions(id: string): number {
  const match = /(\d+(?:\.\d+)?)\s*([bm])(?![a-z])/i.exec(id.replace(/x\d+(?:\.\d+)?b/i, ''));
  if (!match) return 1_000;
  const value = Number.parseFloat(match[1]!);
  return match[2]!.toLowerCase() === 'm' ? value / 1000 : value;
}
