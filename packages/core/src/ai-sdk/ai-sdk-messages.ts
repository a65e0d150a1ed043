import type { LanguageModelV4Prompt, LanguageModelV4ToolResultOutput } from '@ai-sdk/provider';
import type { ImageInput, Message, ToolCall } from '../model/messages.js';

/** An AI SDK prompt as our provider-neutral messages (what a {@link ChatModel} reads). */
export function fromAISDKPrompt(prompt: LanguageModelV4Prompt): Message[] {
  const messages: Message[] = [];
  for (const message of prompt) {
    if (message.role === 'system') messages.push({ role: 'system', content: message.content });
    else if (message.role === 'user') {
      const images: ImageInput[] = [];
      let text = '';
      for (const part of message.content) {
        if (part.type === 'text') text += part.text;
        else if (part.mediaType.startsWith('image')) {
          const data = part.data;
          if (data.type === 'url') images.push({ url: data.url.toString(), mimeType: part.mediaType });
          else if (data.type === 'data')
            images.push({
              url: `data:${part.mediaType};base64,${base64(data.data)}`,
              mimeType: part.mediaType,
            });
        }
      }
      messages.push(
        images.length ? { role: 'user', content: text, images } : { role: 'user', content: text },
      );
    } else if (message.role === 'assistant') {
      let text = '';
      let reasoning = '';
      const toolCalls: ToolCall[] = [];
      for (const part of message.content) {
        if (part.type === 'text') text += part.text;
        else if (part.type === 'reasoning') reasoning += part.text;
        else if (part.type === 'tool-call' && !part.providerExecuted)
          toolCalls.push({
            id: part.toolCallId,
            name: part.toolName,
            arguments: JSON.stringify(part.input ?? {}),
          });
      }
      messages.push({
        role: 'assistant',
        content: text,
        ...(toolCalls.length ? { toolCalls } : {}),
        ...(reasoning ? { reasoning: { text: reasoning } } : {}),
      });
    } else {
      for (const part of message.content)
        if (part.type === 'tool-result')
          messages.push({
            role: 'tool',
            toolCallId: part.toolCallId,
            toolName: part.toolName,
            content: outputText(part.output),
          });
    }
  }
  return messages;
}

/** A tool result as the text a model reads. */
function outputText(output: LanguageModelV4ToolResultOutput): string {
  switch (output.type) {
    case 'text':
      return output.value;
    case 'error-text':
      return `Error: ${output.value}`;
    case 'json':
      return JSON.stringify(output.value);
    case 'error-json':
      return `Error: ${JSON.stringify(output.value)}`;
    case 'execution-denied':
      return `The user denied this call${output.reason ? `: ${output.reason}` : '.'}`;
    case 'content':
      return output.value.map((item) => (item.type === 'text' ? item.text : `[${item.type}]`)).join('\n');
    default:
      return '';
  }
}

function base64(data: Uint8Array | string): string {
  if (typeof data === 'string') return data;
  let binary = '';
  for (const byte of data) binary += String.fromCharCode(byte);
  return btoa(binary);
}
