import type { UIMessage } from 'ai';
import type { ImageInput, Message } from '../model/messages.js';
import { UIMessagesInvalidError } from './ui-messages-invalid-error.js';

/** What the chat asks of the agent: a new user message, or answers to pending approvals. */
export type UIMessageInput =
  | { kind: 'message'; text: string; images: ImageInput[] }
  | { kind: 'approvals'; answers: Array<{ approvalId: string; toolCallId: string; approved: boolean }> };

/**
 * Reads the last UI message: a user message becomes the run's message (text parts, image file parts); an
 * assistant message whose tool parts carry approval responses becomes the answers to give the agent.
 */
export function uiMessageInput(messages: UIMessage[]): UIMessageInput {
  const last = messages.at(-1);
  if (!last) throw new UIMessagesInvalidError('there is no message to answer.');
  if (last.role === 'user') {
    let text = '';
    const images: ImageInput[] = [];
    for (const part of last.parts) {
      if (part.type === 'text') text += part.text;
      else if (part.type === 'file' && part.mediaType.startsWith('image/'))
        images.push({ url: part.url, mimeType: part.mediaType });
    }
    return { kind: 'message', text, images };
  }
  const answers = last.parts.flatMap((part) =>
    'toolCallId' in part && part.state === 'approval-responded'
      ? [{ approvalId: part.approval.id, toolCallId: part.toolCallId, approved: part.approval.approved }]
      : [],
  );
  if (!answers.length)
    throw new UIMessagesInvalidError(
      `the last message is a(n) ${last.role} message without approval responses; send a user message.`,
    );
  return { kind: 'approvals', answers };
}

/** The text history of UI messages (user and assistant text), to seed an agent that has not seen the chat. */
export function uiHistory(messages: UIMessage[]): Message[] {
  return messages.flatMap((message): Message[] => {
    const text = message.parts.flatMap((p) => (p.type === 'text' ? [p.text] : [])).join('');
    if (message.role === 'user') return [{ role: 'user', content: text }];
    if (message.role === 'assistant' && text) return [{ role: 'assistant', content: text }];
    return [];
  });
}
