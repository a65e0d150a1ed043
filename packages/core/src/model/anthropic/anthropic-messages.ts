import type { ModelRequest } from '../chat-model.js';
import type { ImageInput, Message } from '../messages.js';

type Block = Record<string, unknown>;
interface AnthropicMessage {
  role: 'user' | 'assistant';
  content: Block[];
}

/**
 * The Messages API body (without `model`, `max_tokens`, `stream`) for a provider-neutral request:
 * system messages go to `system`, tool results become `tool_result` blocks of a user turn, and
 * consecutive messages of one role are merged (the API wants user and assistant turns to alternate).
 * Thinking blocks of the run in progress (assistant messages after the last user message) go back first in
 * their assistant turn, unchanged with their signatures, as extended thinking with tool use requires; those
 * of earlier runs are left out (the API ignores them anyway). `thinking` turns on extended thinking, except
 * for a forced JSON tool, which the API refuses to combine with it.
 */
export function anthropicRequestBody(request: ModelRequest): Record<string, unknown> {
  const system = request.messages
    .filter((m) => m.role === 'system')
    .map((m) => m.content)
    .join('\n\n');
  const messages: AnthropicMessage[] = [];
  const lastUser = request.messages.findLastIndex((m) => m.role === 'user');
  for (const [position, message] of request.messages.entries()) {
    if (message.role === 'system') continue;
    const role = message.role === 'assistant' ? 'assistant' : 'user';
    const blocks = toBlocks(message, position > lastUser);
    if (blocks.length === 0) continue;
    const last = messages.at(-1);
    if (last?.role === role) last.content.push(...blocks);
    else messages.push({ role, content: blocks });
  }
  const body: Record<string, unknown> = { messages };
  if (system) body.system = system;
  const tools = request.tools?.map((tool) => ({
    name: tool.name,
    description: tool.description,
    input_schema: tool.parameters,
  }));
  if (request.responseFormat) {
    // The Messages API has no JSON mode: a forced tool whose input schema is the wanted schema is the
    // documented way to get schema-valid JSON; the adapter reports its input as text.
    body.tools = [
      ...(tools ?? []),
      {
        name: request.responseFormat.name,
        description: 'Respond with this JSON object.',
        input_schema: request.responseFormat.schema,
      },
    ];
    body.tool_choice = { type: 'tool', name: request.responseFormat.name };
  } else if (tools?.length) body.tools = tools;
  if (request.thinking && !request.responseFormat)
    body.thinking = { type: 'enabled', budget_tokens: request.thinking.budgetTokens };
  // Extended thinking refuses a changed temperature.
  else if (request.temperature !== undefined) body.temperature = request.temperature;
  return body;
}

function toBlocks(message: Message, withReasoning: boolean): Block[] {
  switch (message.role) {
    case 'assistant':
      return [
        ...(withReasoning ? (message.reasoning?.blocks ?? []) : []),
        ...(message.content ? [{ type: 'text', text: message.content }] : []),
        ...(message.toolCalls ?? []).map((call) => ({
          type: 'tool_use',
          id: call.id,
          name: call.name,
          input: parseInput(call.arguments),
        })),
      ];
    case 'tool':
      return [
        {
          type: 'tool_result',
          tool_use_id: message.toolCallId,
          content: message.content,
          ...(message.content.startsWith('Error:') ? { is_error: true } : {}),
        },
      ];
    case 'user':
      return [
        ...(message.images ?? []).map(toImageBlock),
        ...(message.content ? [{ type: 'text', text: message.content }] : []),
      ];
    default:
      // System text goes in the request's `system` field, not in messages.
      message satisfies { role: 'system' };
      return [];
  }
}

function toImageBlock(image: ImageInput): Block {
  const data = /^data:([^;,]+);base64,(.*)$/s.exec(image.url);
  if (data)
    return {
      type: 'image',
      source: { type: 'base64', media_type: image.mimeType ?? data[1], data: data[2] },
    };
  return { type: 'image', source: { type: 'url', url: image.url } };
}

/** Tool input must be an object; arguments the model produced as bad JSON are sent back as given. */
function parseInput(args: string): unknown {
  try {
    const value: unknown = args.trim() ? JSON.parse(args) : {};
    return typeof value === 'object' && value !== null ? value : { value };
  } catch {
    return { _raw: args };
  }
}
