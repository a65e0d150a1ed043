// Follow-up suggestions (attribute `suggestions`): after an answer that completed (not an error, not a run
// waiting for an approval or a question), one short model call asks for up to three questions the visitor
// may ask next; they show as buttons under the conversation, and a click sends one. A chunk of its own.
import type { ChatAgent } from '@agent-chat/core';
import { html, nothing, type ReactiveElement } from 'lit';
import { resolveStrings } from '../../i18n/strings.js';
import type { WidgetHost } from '../../shared/widget-host.js';
import type { TranscriptItem } from '../../transcript-model/transcript.js';
import { suggestionSlots } from './suggestion-slots.js';

/** The questions' label when the page's language has none. */
const SUGGESTED = 'Suggested questions';

const PROMPT =
  'Suggest up to three short follow-up questions the user might ask next about this conversation, in the ' +
  "user's language, one per line, each under 60 characters, no numbering, no quotes. Answer with the questions only.";

/** At most three questions from the model's lines: bullets, numbers and quotes dropped, duplicates skipped. */
export function parseSuggestions(text: string): string[] {
  const lines = text
    .split('\n')
    .map((l) =>
      l
        .replace(/^\s*(?:[-*•]|\d+[.)])\s*/, '')
        .replace(/^["'“]+|["'”]+$/g, '')
        .trim(),
    )
    .filter((l) => l.length > 2 && l.length <= 120);
  return [...new Set(lines)].slice(0, 3);
}

/** What the suggestions need: the element, the run's transcript, and how to send a question. */
export interface SuggestionDeps {
  host: ReactiveElement & Pick<WidgetHost, 'strings'>;
  transcript(): readonly TranscriptItem[];
  running(): boolean;
  send(text: string): void;
}

/**
 * Asks the model for follow-up questions to the last answer of conversation `conversationId` and shows
 * them under it; they disappear as soon as anything else happens in the transcript.
 */
export async function suggest(agent: ChatAgent, conversationId: string, deps: SuggestionDeps): Promise<void> {
  const answer = deps.transcript().at(-1);
  suggestionSlots.delete(deps.host);
  if (answer?.kind !== 'assistant' || !answer.text.trim() || answer.interrupted || answer.stopped) return;
  // A remote agent's model runs on its server: none here to ask, so no suggestions (as a failed call).
  const { model } = agent;
  if (!model) return;
  const messages = (await agent.store.load(conversationId))
    .filter((m) => (m.role === 'user' || m.role === 'assistant') && m.content.trim())
    .slice(-6)
    .map((m) => `${m.role === 'user' ? 'User' : 'Assistant'}: ${m.content.slice(0, 1500)}`);
  let text = '';
  try {
    const request = {
      messages: [
        { role: 'system' as const, content: PROMPT },
        { role: 'user' as const, content: messages.join('\n\n') },
      ],
      maxTokens: 80,
      temperature: 0.3,
      conversationId,
    };
    for await (const event of model.stream(request)) if (event.type === 'text-delta') text += event.text;
  } catch {
    return; // No suggestions: nothing to show.
  }
  const questions = parseSuggestions(text);
  if (!questions.length || deps.transcript().at(-1) !== answer) return;
  suggestionSlots.set(deps.host, () =>
    deps.running() || deps.transcript().at(-1) !== answer
      ? nothing
      : html`<div part="suggestions" class="suggestions" role="group" aria-label=${resolveStrings(deps.host.lang, deps.host.strings).suggestedQuestions ?? SUGGESTED}>
          ${questions.map(
            (q) => html`<button type="button" part="suggestion" @click=${() => deps.send(q)}>${q}</button>`,
          )}
        </div>`,
  );
  deps.host.requestUpdate();
}
