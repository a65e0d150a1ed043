import { type Message, visibleMessages } from '@agent-chat/core';
import { storedReasoning } from '../transcript-model/reasoning-items.js';
import type { TranscriptItem } from '../transcript-model/transcript.js';

/**
 * A stored conversation as shown after a reload: the user's messages and the final answers, each after
 * its reasoning (collapsed) when the model thought first, and the stages of every tool call (collapsed,
 * with their arguments, result and rich output — a generated image, a plot — as stored).
 */
export function transcriptFromMessages(
  conversationId: string,
  messages: readonly Message[],
): TranscriptItem[] {
  const visible = new Set(visibleMessages(messages));
  const args = new Map<string, string>();
  const items: TranscriptItem[] = [];
  // Ids number the visible messages (as before stages were restored), so they stay stable.
  let index = -1;
  messages.forEach((message, position) => {
    if (message.role === 'assistant')
      for (const call of message.toolCalls ?? []) args.set(call.id, call.arguments);
    if (message.role === 'tool') {
      // Every tool call of an earlier turn comes back as a collapsed stage, with its result and any rich
      // output as stored; a failed call reached the model as "Error: …" (core's execute-tool-call).
      const failed = message.content.startsWith('Error:');
      items.push({
        kind: 'stage',
        id: `${conversationId}:t${position}:${message.toolCallId}`,
        runId: `${conversationId}:t${position}`,
        name: message.toolName,
        args: parseArgs(args.get(message.toolCallId)),
        status: failed ? 'failed' : 'done',
        ...(failed ? { error: message.content } : {}),
        result: message.content,
        content: message.items ?? [],
        restored: true,
      });
      return;
    }
    if (!visible.has(message)) return;
    index++;
    if (message.role === 'user') {
      items.push({ kind: 'user', id: `${conversationId}:${index}:user`, text: message.content });
      return;
    }
    items.push(
      ...storedReasoning(
        `${conversationId}:${index}:reasoning`,
        `${conversationId}:${index}`,
        message.role === 'assistant' ? message.reasoning : undefined,
      ),
      {
        kind: 'assistant',
        id: `${conversationId}:${index}:text`,
        runId: `${conversationId}:${index}`,
        turn: 0,
        text: message.content,
        stopped: false,
      },
    );
  });
  return items;
}

function parseArgs(text: string | undefined): unknown {
  try {
    return text ? JSON.parse(text) : {};
  } catch {
    return {};
  }
}
