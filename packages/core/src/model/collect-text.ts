import type { ChatModel, ModelRequest } from './chat-model.js';

/** Runs one model call to its end and returns the whole text (for calls whose output is not streamed). */
export async function collectText(
  model: ChatModel,
  request: ModelRequest,
  signal: AbortSignal | undefined,
): Promise<string> {
  let text = '';
  for await (const event of model.stream(request, signal ? { signal } : {}))
    if (event.type === 'text-delta') text += event.text;
  return text;
}
