import type { FinishReason } from './chat-model.js';

/**
 * Maps a provider's stop word to a {@link FinishReason}. Covers OpenAI, Anthropic and the variants of
 * Ollama (`eos`), llama.cpp server and vLLM (`eos_token`, `stop_sequence`, `abort`).
 */
export function mapFinishReason(raw: string): FinishReason {
  switch (raw) {
    case 'stop':
    case 'eos':
    case 'eos_token':
    case 'end_turn':
    case 'stop_sequence':
      return 'stop';
    case 'tool_calls':
    case 'function_call':
    case 'tool_use':
      return 'tool-calls';
    case 'length':
    case 'max_tokens':
    case 'model_context_window_exceeded':
      return 'length';
    case 'content_filter':
    case 'refusal':
      return 'content-filter';
    default:
      return 'other';
  }
}
