// Loaded with import() by the stores' `import`: a chat that never imports a file never downloads it.

import { ConversationImportError } from './conversation-import-error.js';
import type { ConversationExport } from './conversation-store.js';

type Entry = Record<string, unknown>;

const ITEM_KINDS = new Set([
  'text',
  'markdown',
  'image',
  'audio',
  'json',
  'table',
  'chart',
  'resource',
  'html',
  'mcp-app',
]);

const isRecord = (value: unknown): value is Entry =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Checks a conversation file before a store keeps any of it: the export's format, then every message —
 * its role (`user`, `assistant` or `tool`: system messages are never stored, the page gives the system
 * prompt), the types of its fields, image URLs (`data:` or `https:`), tool results that answer a tool
 * call made earlier in the file. Throws {@link ConversationImportError} naming the first bad entry.
 */
export function checkConversationExport(data: unknown): asserts data is ConversationExport {
  if (
    !isRecord(data) ||
    data.format !== 'agent-chat.conversation' ||
    data.version !== 1 ||
    !Array.isArray(data.messages)
  )
    throw new ConversationImportError(
      'import: not an agent-chat conversation export (format "agent-chat.conversation", version 1, a messages array). Import a file the chat exported.',
    );
  if (!isRecord(data.conversation) || typeof data.conversation.id !== 'string' || !data.conversation.id)
    throw new ConversationImportError(
      'import: the file has no conversation.id (a non-empty string); add it and import again.',
    );
  const messages: unknown[] = data.messages;
  const calls = new Set<string>();
  messages.forEach((message, index) => {
    const problem = messageProblem(message, calls);
    if (problem)
      throw new ConversationImportError(
        `import: messages[${index}] (entry ${index + 1} of ${messages.length}) ${problem}. Fix or remove that entry and import again; nothing was stored.`,
        index,
      );
  });
  if (data.summaries !== undefined && !(Array.isArray(data.summaries) && data.summaries.every(isSummary)))
    throw new ConversationImportError(
      'import: summaries must be a list of { seq: number, text: string, method: string }; fix or remove them and import again.',
    );
}

function messageProblem(message: unknown, calls: Set<string>): string | undefined {
  if (!isRecord(message)) return 'is not an object with a role';
  const { role } = message;
  if (role !== 'user' && role !== 'assistant' && role !== 'tool')
    return `has role ${JSON.stringify(role)}; a stored message is "user", "assistant" or "tool" (the system prompt comes from the page, never from a file)`;
  if (typeof message.content !== 'string') return 'has no text content (content must be a string)';
  if (role === 'user') return imagesProblem(message.images);
  if (role === 'assistant') return assistantProblem(message, calls);
  if (typeof message.toolCallId !== 'string' || !calls.has(message.toolCallId))
    return `answers toolCallId ${JSON.stringify(message.toolCallId)}, which no earlier assistant message called`;
  if (typeof message.toolName !== 'string') return 'has no toolName (a string)';
  if (message.items === undefined) return undefined;
  if (!Array.isArray(message.items)) return 'has items that are not a list';
  const bad = message.items.findIndex((item) => !isItem(item));
  return bad < 0 ? undefined : `has items[${bad}] of an unknown kind or shape`;
}

function imagesProblem(images: unknown): string | undefined {
  if (images === undefined) return undefined;
  if (!Array.isArray(images)) return 'has images that are not a list';
  const bad = images.findIndex(
    (image) =>
      !isRecord(image) || typeof image.url !== 'string' || !/^(data:image\/|https:\/\/)/i.test(image.url),
  );
  return bad < 0 ? undefined : `has images[${bad}].url that is not a data:image/ or https: URL`;
}

function assistantProblem(message: Entry, calls: Set<string>): string | undefined {
  const { toolCalls, reasoning, feedback } = message;
  if (toolCalls !== undefined) {
    if (!Array.isArray(toolCalls)) return 'has toolCalls that are not a list';
    for (const [i, call] of toolCalls.entries()) {
      if (!isRecord(call)) return `has toolCalls[${i}] that is not an object`;
      for (const field of ['id', 'name', 'arguments'])
        if (typeof call[field] !== 'string') return `has toolCalls[${i}].${field} that is not a string`;
      calls.add(call.id as string);
    }
  }
  if (reasoning !== undefined && !(isRecord(reasoning) && typeof reasoning.text === 'string'))
    return 'has reasoning without its text (a string)';
  if (
    feedback !== undefined &&
    !(
      isRecord(feedback) &&
      (feedback.rating === 'up' || feedback.rating === 'down') &&
      typeof feedback.at === 'number'
    )
  )
    return 'has feedback that is not { rating: "up" | "down", at: number }';
  return undefined;
}

function isItem(item: unknown): boolean {
  if (!isRecord(item) || typeof item.kind !== 'string' || !ITEM_KINDS.has(item.kind)) return false;
  if (item.kind !== 'mcp-app') return true;
  return (
    typeof item.serverId === 'string' &&
    typeof item.toolName === 'string' &&
    typeof item.resourceUri === 'string' &&
    item.resourceUri.startsWith('ui://') &&
    isRecord(item.args) &&
    isRecord(item.result)
  );
}

function isSummary(summary: unknown): boolean {
  return (
    isRecord(summary) &&
    typeof summary.seq === 'number' &&
    typeof summary.text === 'string' &&
    typeof summary.method === 'string'
  );
}
