import type { ProxyConfig, UpstreamConfig } from '../config/config-types.js';
import { HttpError } from '../shared/http-error.js';

// The body fields each upstream kind may receive: those whose cost the proxy knows (the output length
// is clamped, `n`, tier and effort are checked and priced, input is priced by size) or that cost
// nothing. Anything else can make the upstream spend more than the proxy charges (OpenRouter's
// fallback `models`, `plugins`, server-side tools, Anthropic's `mcp_servers`), so it is refused,
// naming the field; the operator may allow more by name with `ALLOW_BODY_FIELDS` (issue 39).

const SAMPLING = ['temperature', 'top_p', 'top_k', 'min_p', 'top_a', 'seed', 'stop'];

const OPENAI_FIELDS = new Set([
  'model',
  'messages',
  'max_tokens',
  'max_completion_tokens',
  'n',
  'stream',
  'stream_options',
  ...SAMPLING,
  'presence_penalty',
  'frequency_penalty',
  'repetition_penalty',
  'logit_bias',
  'logprobs',
  'top_logprobs',
  'response_format',
  'tools',
  'tool_choice',
  'parallel_tool_calls',
  'service_tier',
  'reasoning_effort',
  'reasoning',
  'verbosity',
  'user',
]);

const ANTHROPIC_FIELDS = new Set([
  'model',
  'messages',
  'system',
  'max_tokens',
  'stream',
  ...SAMPLING.filter((field) => field !== 'stop' && field !== 'seed'),
  'stop_sequences',
  'tools',
  'tool_choice',
  'thinking',
  'output_config',
  'service_tier',
  'metadata',
]);

// `POST /v1/images/generations`: size, quality and `n` are checked and priced per image; `stream` and
// `partial_images` are refused by the image policy itself.
const IMAGE_FIELDS = new Set([
  'model',
  'prompt',
  'n',
  'size',
  'quality',
  'response_format',
  'output_format',
  'output_compression',
  'background',
  'moderation',
  'style',
  'user',
  'stream',
  'partial_images',
]);

/** The body kinds the proxy forwards: a model API, or image generation. */
export type BodyKind = UpstreamConfig['api'] | 'images';

const FIELDS: Record<BodyKind, ReadonlySet<string>> = {
  openai: OPENAI_FIELDS,
  anthropic: ANTHROPIC_FIELDS,
  images: IMAGE_FIELDS,
};

/** Tool types that are the client's own functions (run by the page, not by the provider at a price). */
const OWN_TOOL_TYPES: Record<BodyKind, ReadonlySet<string | undefined>> = {
  openai: new Set(['function', 'custom']),
  anthropic: new Set([undefined, 'custom']),
  images: new Set(),
};

/**
 * Refuses (400 `field_not_allowed`) a top-level field that is not on the upstream kind's list, and a
 * tool whose `type` is not the page's own function (Anthropic `web_search_…`, `code_execution_…`,
 * OpenAI `web_search_preview`), unless
 * `ALLOW_BODY_FIELDS` names it (`plugins`, `tools.web_search_20250305`).
 */
export function checkBodyFields(config: ProxyConfig, api: BodyKind, request: Record<string, unknown>): void {
  const known = FIELDS[api];
  for (const field of Object.keys(request)) {
    if (!known.has(field) && !config.allowedBodyFields.has(field))
      throw notAllowed(
        field,
        field,
        `the proxy cannot price it for this upstream, so it could spend more than it is charged`,
      );
  }
  const tools = request.tools;
  if (tools === undefined || tools === null) return;
  if (!Array.isArray(tools))
    throw new HttpError(400, 'invalid_request', '"tools" must be an array of tool definitions.');
  tools.forEach((tool: unknown, index) => {
    const type = typeof tool === 'object' && tool !== null ? (tool as { type?: unknown }).type : undefined;
    if (type !== undefined && typeof type !== 'string')
      throw new HttpError(400, 'invalid_request', `"tools[${index}].type" must be a string.`);
    if (OWN_TOOL_TYPES[api].has(type) || config.allowedBodyFields.has(`tools.${type}`)) return;
    throw notAllowed(
      `tools[${index}].type`,
      `tools.${type}`,
      `the tool type "${type}" is defined by the provider, and server tools (web search, code execution) run and bill there at a price the proxy does not know`,
    );
  });
}

function notAllowed(field: string, setting: string, why: string): HttpError {
  return new HttpError(
    400,
    'field_not_allowed',
    `The request field "${field}" is not allowed by this proxy: ${why}. Leave it out, or have the operator add ${setting} to ALLOW_BODY_FIELDS.`,
  );
}
