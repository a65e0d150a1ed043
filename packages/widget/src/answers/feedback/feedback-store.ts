import type { ConversationStore, Message, MessageFeedback } from '@agent-chat/core';

/**
 * Where the answer to the `turn`-th user message (0-based) is stored: the last assistant message with
 * text before the next user message; undefined when there is none (the turn was removed).
 */
export function answerPosition(messages: readonly Message[], turn: number): number | undefined {
  let seen = -1;
  let found: number | undefined;
  for (const [position, message] of messages.entries()) {
    if (message.role === 'user') {
      if (seen === turn) break;
      seen++;
    } else if (seen === turn && message.role === 'assistant' && message.content && !message.toolCalls?.length)
      found = position;
  }
  return found;
}

/** The stored ratings of a conversation's answers, by user turn (as {@link answerPosition} counts them). */
export function storedRatings(messages: readonly Message[]): Map<number, MessageFeedback> {
  const ratings = new Map<number, MessageFeedback>();
  let turn = -1;
  for (const message of messages) {
    if (message.role === 'user') turn++;
    else if (message.role === 'assistant' && message.feedback) ratings.set(turn, message.feedback);
  }
  return ratings;
}

/**
 * Keeps `feedback` with the answer of `turn` in the store; returns the message's position, or undefined
 * when that answer no longer exists. The port has no update, so the conversation is exported, deleted and
 * imported again under the same id (as regenerate does), with its summaries.
 */
export async function saveFeedback(
  store: ConversationStore,
  conversationId: string,
  turn: number,
  feedback: MessageFeedback,
): Promise<number | undefined> {
  const data = await store.export(conversationId);
  const position = answerPosition(data.messages, turn);
  if (position === undefined) return undefined;
  const messages = data.messages.map((message, i) =>
    i === position && message.role === 'assistant' ? { ...message, feedback } : message,
  );
  await store.delete(conversationId);
  await store.import({ ...data, messages }, conversationId);
  return position;
}
