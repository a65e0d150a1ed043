import type { ModelRequest } from '../chat-model.js';
import type { Message } from '../messages.js';

/** The Chat Completions request body (without `model`) for a provider-neutral request. */
export function openAIRequestBody(request: ModelRequest): Record<string, unknown> {
  const body: Record<string, unknown> = {
    messages: request.messages.map(toOpenAIMessage),
    stream: true,
    stream_options: { include_usage: true },
  };
  if (request.tools?.length)
    body.tools = request.tools.map((tool) => ({
      type: 'function',
      function: { name: tool.name, description: tool.description, parameters: tool.parameters },
    }));
  if (request.responseFormat)
    body.response_format = {
      type: 'json_schema',
      json_schema: { name: request.responseFormat.name, schema: request.responseFormat.schema, strict: true },
    };
  if (request.maxTokens !== undefined) body.max_tokens = request.maxTokens;
  if (request.temperature !== undefined) body.temperature = request.temperature;
  if (request.reasoningEffort) body.reasoning_effort = request.reasoningEffort;
  return body;
}

/**
 * One message in the OpenAI wire format; user images become `image_url` content parts. Reasoning is never
 * sent back: DeepSeek rejects `reasoning_content` in input messages and the others ignore it.
 */
export function toOpenAIMessage(message: Message): Record<string, unknown> {
  switch (message.role) {
    case 'assistant':
      return {
        role: 'assistant',
        content: message.content || (message.toolCalls?.length ? null : ''),
        ...(message.toolCalls?.length
          ? {
              tool_calls: message.toolCalls.map((call) => ({
                id: call.id,
                type: 'function',
                function: { name: call.name, arguments: call.arguments },
              })),
            }
          : {}),
      };
    case 'tool':
      return { role: 'tool', tool_call_id: message.toolCallId, content: message.content };
    case 'user':
      if (message.images?.length)
        return {
          role: 'user',
          content: [
            ...(message.content ? [{ type: 'text', text: message.content }] : []),
            ...message.images.map((image) => ({ type: 'image_url', image_url: { url: image.url } })),
          ],
        };
      return { role: 'user', content: message.content };
    default:
      message satisfies { role: 'system' };
      return { role: message.role, content: message.content };
  }
}
