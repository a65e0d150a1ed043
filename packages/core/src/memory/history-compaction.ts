import { extractiveSummary } from './extractive-summary.js';
import { rollUpText } from './roll-up.js';

/** How dual-track memory shortens older history: an entry's summary, and the roll-up of old exchanges. */
export interface HistoryCompaction {
  summary(text: string): string;
  rollUp: typeof rollUpText;
}

/** The extractive summary and roll-up, the code a conversation needs once it has history. */
export const historyCompaction: HistoryCompaction = {
  summary: (text) => extractiveSummary(text),
  rollUp: rollUpText,
};
