// `title-mode="model"`: after a conversation's first answer, one short model call names it (instead of the
// first line of the first message). A chunk of its own, loaded only by pages that ask for it.
import type { ChatAgent } from '@agent-chat/core';

const PROMPT =
  'Write a title for this conversation: at most six words, in the language of the question, no quotes, ' +
  'no final punctuation. Answer with the title only.';
/** Conversations already named (or being named) on this page: one call each. */
const named = new Set<string>();

/** The model's text cleaned into a title: its first line, without quotes or a trailing period, ≤ 80 chars. */
function clean(text: string): string {
  const line = text.trim().split('\n')[0] ?? '';
  return line
    .replace(/^(?:title:\s*)?["'“”‘’*#\s]+|["'“”‘’*\s.]+$/gi, '')
    .slice(0, 80)
    .trim();
}

/**
 * Names conversation `conversationId` by one cheap model call (no tools, a few tokens) when it has exactly
 * one question and its answer; resolves with whether it was renamed. A failed call keeps the usual title.
 */
export async function nameByModel(agent: ChatAgent, conversationId: string): Promise<boolean> {
  if (named.has(conversationId)) return false;
  const messages = await agent.store.load(conversationId);
  const questions = messages.filter((m) => m.role === 'user');
  const answer = messages.findLast((m) => m.role === 'assistant' && m.content.trim() && !m.toolCalls?.length);
  if (questions.length !== 1 || !answer) return false;
  named.add(conversationId);
  let text = '';
  try {
    // A remote agent's model runs on its server: none here to ask, so the call fails like any other.
    if (!agent.model) throw new Error('the remote agent has no model in the page');
    const request = {
      messages: [
        { role: 'system' as const, content: PROMPT },
        {
          role: 'user' as const,
          content: `Question: ${questions[0]!.content.slice(0, 2000)}\n\nAnswer: ${answer.content.slice(0, 2000)}`,
        },
      ],
      maxTokens: 24,
      temperature: 0,
      conversationId,
    };
    for await (const event of agent.model.stream(request))
      if (event.type === 'text-delta') text += event.text;
  } catch (error) {
    console.warn('<agent-chat>: the model could not name the conversation; it keeps its first line.', error);
    return false;
  }
  const title = clean(text);
  if (!title) return false;
  await agent.store.rename(conversationId, title);
  return true;
}
