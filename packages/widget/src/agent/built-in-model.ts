import { builtInAI, type ChatModel, fallback } from '@agent-chat/core';

/**
 * The model of `provider="built-in"`: the browser's own (Prompt API), with the proxy's model as the
 * fallback where there is one. A lazy chunk: pages on other providers never download it.
 */
export function builtInModel(remote: ChatModel | undefined): ChatModel {
  return remote ? fallback([builtInAI(), remote]) : builtInAI();
}
