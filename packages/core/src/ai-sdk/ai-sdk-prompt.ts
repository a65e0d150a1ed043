import type { LanguageModelV4Message, LanguageModelV4Prompt } from '@ai-sdk/provider';
import type { ImageInput, Message } from '../model/messages.js';

/** The specification versions of the AI SDK language model interface {@link fromAISDK} accepts. */
export type SupportedSpecification = 'v3' | 'v4';

/**
 * Our provider-neutral messages as an AI SDK prompt. Tool arguments go as parsed JSON (the spec's `input`),
 * consecutive tool results share one `tool` message, images become file parts in the version's shape.
 */
export function toAISDKPrompt(messages: Message[], version: SupportedSpecification): LanguageModelV4Prompt {
  const prompt: LanguageModelV4Prompt = [];
  for (const message of messages) {
    if (message.role === 'system') prompt.push({ role: 'system', content: message.content });
    else if (message.role === 'user')
      prompt.push({
        role: 'user',
        content: [
          { type: 'text', text: message.content },
          ...(message.images ?? []).map((image) => filePart(image, version)),
        ],
      });
    else if (message.role === 'assistant') {
      const content: Extract<LanguageModelV4Message, { role: 'assistant' }>['content'] = [];
      if (message.reasoning?.text) content.push({ type: 'reasoning', text: message.reasoning.text });
      if (message.content) content.push({ type: 'text', text: message.content });
      for (const call of message.toolCalls ?? [])
        content.push({
          type: 'tool-call',
          toolCallId: call.id,
          toolName: call.name,
          input: parseInput(call.arguments),
        });
      prompt.push({ role: 'assistant', content });
    } else {
      const part = {
        type: 'tool-result' as const,
        toolCallId: message.toolCallId,
        toolName: message.toolName,
        output: { type: 'text' as const, value: message.content },
      };
      const last = prompt.at(-1);
      if (last?.role === 'tool') last.content.push(part);
      else prompt.push({ role: 'tool', content: [part] });
    }
  }
  return prompt;
}

/** Tool arguments as the model wrote them; text that is not JSON goes as it is (the tool reports it). */
function parseInput(text: string): unknown {
  try {
    return JSON.parse(text || '{}');
  } catch {
    return text;
  }
}

function filePart(image: ImageInput, version: SupportedSpecification) {
  const dataUrl = /^data:([^;,]+)?(;base64)?,(.*)$/s.exec(image.url);
  const mediaType = image.mimeType ?? dataUrl?.[1] ?? 'image';
  if (version === 'v3') {
    // v3 file parts carry base64 text or a URL directly. The prompt is typed as v4's (one builder for both
    // specifications) and v4's file data is an object, so the v3 part cannot be spelled in that type: cast.
    const data = dataUrl ? (dataUrl[3] ?? '') : new URL(image.url);
    return { type: 'file', mediaType, data } as unknown as Extract<
      LanguageModelV4Message,
      { role: 'user' }
    >['content'][number];
  }
  return {
    type: 'file' as const,
    mediaType,
    data: dataUrl
      ? { type: 'data' as const, data: dataUrl[3] ?? '' }
      : { type: 'url' as const, url: new URL(image.url) },
  };
}
