import { anthropic, type ChatModel, type ReasoningEffort } from '@agent-chat/core';

/** Thinking budgets (tokens) for `reasoning-effort` with Anthropic models; 1 024 is the API's minimum. */
export const THINKING_BUDGETS: Record<ReasoningEffort, number> = {
  minimal: 1024,
  low: 2048,
  medium: 8192,
  high: 16_384,
};

/**
 * The model of `provider="anthropic"`: the Messages API behind the proxy's `/v1/messages`, with extended
 * thinking when `reasoning-effort` is set. A lazy chunk: pages on other providers never download it.
 */
export function anthropicProxyModel(
  baseURL: string,
  model: string,
  effort: ReasoningEffort | undefined,
  fetch: typeof globalThis.fetch | undefined,
): ChatModel {
  return anthropic({
    baseURL,
    model,
    ...(effort ? { thinking: { budgetTokens: THINKING_BUDGETS[effort] } } : {}),
    ...(fetch ? { fetch } : {}),
  });
}
