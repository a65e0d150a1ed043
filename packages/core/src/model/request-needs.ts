import type { ModelCapabilities, ModelRequest } from './chat-model.js';

/** Rough token count of a request (4 characters a token): enough to compare with a context window or a budget. */
export function estimateInputTokens(request: ModelRequest): number {
  let chars = 0;
  for (const message of request.messages) {
    chars += message.content.length + 8;
    if (message.role === 'assistant')
      for (const call of message.toolCalls ?? []) chars += call.name.length + call.arguments.length;
    // An image costs about as much as 1 000 tokens with most providers.
    if (message.role === 'user') chars += (message.images?.length ?? 0) * 4000;
  }
  for (const tool of request.tools ?? [])
    chars += tool.name.length + tool.description.length + JSON.stringify(tool.parameters).length;
  if (request.responseFormat) chars += JSON.stringify(request.responseFormat.schema).length;
  return Math.ceil(chars / 4);
}

/** What a model lacks to serve this request (tools, vision, JSON schema, context length), or undefined. */
export function missingCapability(
  request: ModelRequest,
  capabilities: ModelCapabilities,
): string | undefined {
  if (request.tools?.length && !capabilities.tools) return 'no tool calling';
  if (!capabilities.vision && request.messages.some((m) => m.role === 'user' && m.images?.length))
    return 'no image input';
  if (request.responseFormat && !capabilities.jsonSchema) return 'no JSON-schema output';
  const tokens = estimateInputTokens(request) + (request.maxTokens ?? 0);
  if (tokens > capabilities.contextWindow)
    return `context window of ${capabilities.contextWindow} tokens is too small for about ${tokens}`;
  return undefined;
}
