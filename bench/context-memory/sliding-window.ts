// The memory-off baseline as a real app runs it: the full history, cut oldest-first to fit the model's
// context window (what a sliding-window chat does when memory is off), instead of an unlimited window.
import {
  type ChatModel,
  countMessageTokens,
  type Message,
  type ModelRequest,
  type TokenCounter,
} from '@agent-chat/core';

/** The context window the benchmark's model has (a common 128k model). */
export const CONTEXT_WINDOW = 128_000;
/** Kept free for the answer, as the agent's memory reserves it (min(4096, 10% of the window)). */
export const OUTPUT_RESERVE = Math.min(4096, Math.floor(CONTEXT_WINDOW * 0.1));

/** What the window did to one request. */
export interface Truncation {
  /** Messages dropped from the front (the system prompt and the current turn are never dropped). */
  dropped: number;
  tokensBefore: number;
  tokensAfter: number;
}

/**
 * `messages` cut to `maxTokens` oldest-first: the system message stays; whole messages after it are
 * dropped from the front until the rest fits, never the last user message or anything after it; a
 * tool result whose call was dropped goes with it (providers reject an orphaned tool result).
 */
export function cutOldestFirst(
  messages: readonly Message[],
  maxTokens: number,
  counter: TokenCounter,
): { messages: Message[]; dropped: number } {
  const system = messages[0]?.role === 'system' ? [messages[0]] : [];
  const rest = messages.slice(system.length);
  const lastUser = rest.findLastIndex((m) => m.role === 'user');
  let start = 0;
  const fits = () => countMessageTokens(counter, [...system, ...rest.slice(start)]) <= maxTokens;
  while (start < lastUser && !fits()) {
    start++;
    while (start < lastUser && rest[start]?.role === 'tool') start++;
  }
  return { messages: [...system, ...rest.slice(start)], dropped: start };
}

/**
 * Wraps a model so that each request it receives is the agent's request cut oldest-first to the window
 * (minus the output reserve and the tool definitions). `truncations` records every cut.
 */
export function slidingWindow(
  model: ChatModel,
  counter: TokenCounter,
): ChatModel & { truncations: Truncation[] } {
  const truncations: Truncation[] = [];
  return {
    ...model,
    capabilities: { ...model.capabilities, contextWindow: CONTEXT_WINDOW },
    truncations,
    stream(request: ModelRequest, options) {
      const tools = request.tools?.length ? counter.count(JSON.stringify(request.tools)) : 0;
      const max = CONTEXT_WINDOW - OUTPUT_RESERVE - tools;
      const before = countMessageTokens(counter, request.messages);
      if (before <= max) return model.stream(request, options);
      const cut = cutOldestFirst(request.messages, max, counter);
      truncations.push({
        dropped: cut.dropped,
        tokensBefore: before,
        tokensAfter: countMessageTokens(counter, cut.messages),
      });
      return model.stream({ ...request, messages: cut.messages }, options);
    },
  };
}
