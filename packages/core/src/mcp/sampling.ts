import type { CreateMessageRequestParams, CreateMessageResult } from '@modelcontextprotocol/client';
import type { ChatModel } from '../model/chat-model.js';
import type { Message } from '../model/messages.js';

/**
 * Serves an MCP `sampling/createMessage` request with the agent's own model: the server's messages
 * become a model request (text parts only; other parts are named so the model knows they existed),
 * the streamed text becomes the result.
 */
export async function sampleWithModel(
  model: ChatModel,
  params: CreateMessageRequestParams,
  signal: AbortSignal,
): Promise<CreateMessageResult> {
  const messages: Message[] = [];
  if (params.systemPrompt) messages.push({ role: 'system', content: params.systemPrompt });
  for (const message of params.messages) {
    const parts = Array.isArray(message.content) ? message.content : [message.content];
    const text = parts
      .map((part) => (part.type === 'text' ? part.text : `[${part.type} omitted]`))
      .join('\n');
    messages.push({ role: message.role, content: text });
  }
  let text = '';
  let stopReason: CreateMessageResult['stopReason'] = 'endTurn';
  const request = {
    messages,
    ...(params.maxTokens ? { maxTokens: params.maxTokens } : {}),
    ...(typeof params.temperature === 'number' ? { temperature: params.temperature } : {}),
  };
  for await (const event of model.stream(request, { signal })) {
    if (event.type === 'text-delta') text += event.text;
    else if (event.type === 'finish' && event.reason === 'length') stopReason = 'maxTokens';
  }
  return { role: 'assistant', content: { type: 'text', text }, model: model.id, stopReason };
}

/** The question shown to the user before a server may use the model (`sampling.askUser`). */
export function samplingQuestion(serverId: string, params: CreateMessageRequestParams): string {
  const last = params.messages.at(-1);
  const parts = last ? (Array.isArray(last.content) ? last.content : [last.content]) : [];
  const prompt = parts.map((part) => (part.type === 'text' ? part.text : `[${part.type}]`)).join(' ');
  return `The MCP server "${serverId}" asks to use the AI model (up to ${params.maxTokens} tokens) with this prompt: "${prompt.slice(0, 500)}". Allow it?`;
}

/** The form of the sampling consent question. */
export const SAMPLING_CONSENT_SCHEMA = {
  type: 'object',
  properties: { allow: { type: 'boolean', title: 'Allow', default: false } },
  required: ['allow'],
} as const;
