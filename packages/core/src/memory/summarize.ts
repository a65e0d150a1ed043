import type { ChatModel } from '../model/chat-model.js';
import { extractiveSummary } from './extractive-summary.js';

/** How a summary was made: by the summarizer model, or extractively without one. */
export type SummaryMethod = 'summarizer' | 'extractive';

/** A summary and how it was made. */
export interface Summary {
  text: string;
  method: SummaryMethod;
}

/** What is being summarised; the prompt tells the summarizer what to keep. */
export type SummaryKind = 'tool-result' | 'response' | 'history' | 'log';

// The one place the summarizer's instructions live.
const PROMPTS: Record<SummaryKind, string> = {
  'tool-result':
    'Summarise this tool result in one or two sentences for an assistant that may need it later: name what was found, key numbers, ids and errors. No preamble.',
  response:
    'Summarise this assistant answer in one or two sentences: the conclusion, key facts and any commitments made. No preamble.',
  history:
    'Summarise this earlier part of a conversation in at most eight short lines: what the user wanted, what was found and decided, and open questions. Keep the [ID:…] labels of entries you mention. No preamble.',
  log: 'Distil this log to what matters: errors and warnings with their counts, the first failure, and the final state, in at most five lines. No preamble.',
};

/** The summarizer's instructions for a kind of entry. */
export function summaryPrompt(kind: SummaryKind): string {
  return PROMPTS[kind];
}

/**
 * Summarises text with the summarizer model; without one, or when the call fails or returns nothing,
 * falls back to {@link extractiveSummary} (marked as such).
 */
export async function summarize(
  text: string,
  kind: SummaryKind,
  summarizer: ChatModel | undefined,
  signal?: AbortSignal,
): Promise<Summary> {
  if (summarizer && !signal?.aborted) {
    try {
      let out = '';
      for await (const event of summarizer.stream(
        {
          messages: [
            { role: 'system', content: summaryPrompt(kind) },
            { role: 'user', content: text },
          ],
          temperature: 0,
        },
        signal ? { signal } : {},
      ))
        if (event.type === 'text-delta') out += event.text;
      if (out.trim()) return { text: out.trim(), method: 'summarizer' };
    } catch {
      // A failed summary must not fail the turn: the extractive one below is always available.
    }
  }
  return { text: extractiveSummary(text), method: 'extractive' };
}
