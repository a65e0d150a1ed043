import { estimateTokenCounter, type TokenCounter } from '../context/token-counter.js';
import type { ChatModel } from '../model/chat-model.js';
import type { Message } from '../model/messages.js';
import { RETRIEVE_FULL_CONTEXT } from './built-in-tool-names.js';
import type { StoredSummary, TurnSummary } from './conversation-store.js';
import { entryIds, idPrefix, queryCount } from './entry-ids.js';
import type { HistoryCompaction } from './history-compaction.js';
import type { SummaryKind } from './summarize.js';

/** Options of dual-track memory (`dualTrackMemory`). */
export interface DualTrackOptions {
  /** Model that writes summaries (a cheaper one is fine); without it summaries are extractive. */
  summarizer?: ChatModel;
  /** Most recent exchanges (a user message and everything up to the next) sent verbatim; default 5. */
  recentWindow?: number;
  /**
   * Of those, the most recent exchanges whose long tool results are also sent verbatim; default 2. An older
   * exchange keeps its question and answer word for word, but its tool results (already read and answered
   * from) go as their summaries, each retrievable in full by id. At most `recentWindow`.
   */
  toolResultWindow?: number;
  /** Older exchanges kept as individual summarised entries before rolling up; default 10. */
  rollUpAfter?: number;
  /** Tool results and responses longer than this many tokens get a summary; default 120. */
  summarizeAbove?: number;
  /** Counts tokens for the threshold above; default the calibrated estimate. */
  counter?: TokenCounter;
}

/** Per-call overrides the context budget uses to compact harder. */
export interface AssembleOverrides {
  recentWindow?: number;
  toolResultWindow?: number;
  rollUpAfter?: number;
  /** A summarizer-written roll-up to use instead of the extractive one (same exchanges). */
  rollUp?: string;
  /** Summaries of the current run's messages by index (distilled tool output), sent with `-sum` ids. */
  currentSummaries?: ReadonlyMap<number, string>;
}

/** What is sent for the history: an optional roll-up to join to the system prompt, then the messages. */
export interface AssembledContext {
  /** The conversation summary of rolled-up exchanges, for the system prompt; undefined when none. */
  rollUp: string | undefined;
  /** Exchanges rolled up into {@link AssembledContext.rollUp}. */
  rolledUp: number;
  messages: Message[];
  /** Entries sent as summaries instead of verbatim. */
  summarized: number;
}

/** Dual-track memory: the full track is the stored messages; the model gets the summarised track. */
export interface DualTrackMemory {
  readonly options: Readonly<Required<Omit<DualTrackOptions, 'summarizer'>>> & { summarizer?: ChatModel };
  /** Summaries of the long tool results and responses of a finished turn, to store with it. */
  summarizeTurn(turn: readonly Message[], signal?: AbortSignal): Promise<TurnSummary[]>;
  /** The summarised track of `history` plus the current run's messages (verbatim), with `[ID:…]` prefixes. */
  assemble(
    history: readonly Message[],
    summaries: readonly StoredSummary[],
    current: readonly Message[],
    overrides?: AssembleOverrides,
  ): AssembledContext;
}

/** The options with their defaults. */
function settingsOf(options: DualTrackOptions): DualTrackMemory['options'] {
  return {
    recentWindow: options.recentWindow ?? 5,
    toolResultWindow: options.toolResultWindow ?? 2,
    rollUpAfter: options.rollUpAfter ?? 10,
    summarizeAbove: options.summarizeAbove ?? 120,
    counter: options.counter ?? estimateTokenCounter(),
    ...(options.summarizer ? { summarizer: options.summarizer } : {}),
  };
}

/**
 * `dualTrackMemory` (dual-track-memory.ts) with the code that summarises and rolls up older history given: the
 * run loop loads it only for a conversation that has history (see run-memory.ts), so a first chat never
 * downloads it.
 */
export function dualTrackMemoryWith(
  options: DualTrackOptions,
  compaction: HistoryCompaction,
): DualTrackMemory {
  const settings = settingsOf(options);
  const isLong = (text: string) => settings.counter.count(text) > settings.summarizeAbove;

  return {
    options: settings,
    async summarizeTurn(turn, signal) {
      const jobs = turn.map(async (message, index): Promise<TurnSummary | undefined> => {
        const kind = summaryKind(message);
        if (!kind || !isLong(message.content)) return undefined;
        // The summarizer's prompts load with the first long entry (a first short chat never needs them).
        const { summarize } = await import('./summarize.js');
        const summary = await summarize(message.content, kind, settings.summarizer, signal);
        return { index, ...summary };
      });
      return (await Promise.all(jobs)).filter((s): s is TurnSummary => s !== undefined);
    },

    assemble(history, summaries, current, overrides = {}) {
      const recentWindow = overrides.recentWindow ?? settings.recentWindow;
      const toolResultWindow = Math.min(
        recentWindow,
        overrides.toolResultWindow ?? settings.toolResultWindow,
      );
      const rollUpAfter = overrides.rollUpAfter ?? settings.rollUpAfter;
      const ids = entryIds(history);
      const bySeq = new Map(summaries.map((s) => [s.seq, s.text]));
      const starts = exchangeStarts(history);
      const exchanges = starts.length;
      const verbatimFrom = Math.max(0, exchanges - recentWindow);
      const rollUpBelow = Math.max(0, verbatimFrom - rollUpAfter);
      const firstKept = rollUpBelow < exchanges ? (starts[rollUpBelow] ?? history.length) : history.length;
      const firstVerbatim =
        verbatimFrom < exchanges ? (starts[verbatimFrom] ?? history.length) : history.length;
      const toolsVerbatimFrom = Math.max(0, exchanges - toolResultWindow);
      const firstVerbatimTool =
        toolsVerbatimFrom < exchanges ? (starts[toolsVerbatimFrom] ?? history.length) : history.length;
      const verbatimFromFor = (message: Message) =>
        message.role === 'tool' ? firstVerbatimTool : firstVerbatim;

      const summaryOf = (seq: number): string | undefined => {
        const message = history[seq];
        if (!message || !summaryKind(message)) return undefined;
        return bySeq.get(seq) ?? (isLong(message.content) ? compaction.summary(message.content) : undefined);
      };

      const messages: Message[] = [];
      let summarized = 0;
      for (let seq = firstKept; seq < history.length; seq++) {
        const message = history[seq] as Message;
        const id = ids[seq];
        const summary =
          retrievedPointer(message) ?? (seq < verbatimFromFor(message) ? summaryOf(seq) : undefined);
        if (summary !== undefined && id) summarized++;
        messages.push(labelled(message, id, summary));
      }
      const currentIds = entryIds(current, queryCount(history) + 1);
      for (const [i, message] of current.entries())
        messages.push(labelled(message, currentIds[i], overrides.currentSummaries?.get(i)));

      const rollUp =
        rollUpBelow === 0
          ? undefined
          : (overrides.rollUp ??
            compaction.rollUp(
              history.slice(0, firstKept),
              ids.slice(0, firstKept),
              (seq) => summaryOf(seq) ?? history[seq]?.content,
            ));
      return { rollUp, rolledUp: rollUpBelow, messages, summarized };
    },
  };
}

/**
 * What an earlier turn's retrieve_full_context result is sent as: a pointer, not the text again. The
 * text is a copy of an entry the model can retrieve any time, and it was used in the turn that asked for
 * it; resending it on every later call (verbatim while in the recent window) would cost more than the
 * memory saves.
 */
function retrievedPointer(message: Message): string | undefined {
  if (message.role !== 'tool' || message.toolName !== RETRIEVE_FULL_CONTEXT) return undefined;
  const head = message.content.split('\n', 1)[0]!.trim();
  return `(retrieved earlier: ${head} Call retrieve_full_context again for the text.)`;
}

/** Which summary prompt fits a message, or undefined when the message is never summarised. */
function summaryKind(message: Message): SummaryKind | undefined {
  // A retrieval result is a copy of another entry: sent as a pointer, never summarised.
  if (message.role === 'tool' && message.toolName === RETRIEVE_FULL_CONTEXT) return undefined;
  if (message.role === 'tool') return looksLikeLog(message.content) ? 'log' : 'tool-result';
  if (message.role === 'assistant' && !message.toolCalls?.length) return 'response';
  return undefined;
}

function looksLikeLog(text: string): boolean {
  const lines = text.split('\n', 40);
  return (
    lines.length >= 20 &&
    lines.filter((l) => /\b(INFO|WARN|ERROR|DEBUG)\b|^\d{4}-\d\d-\d\d/.test(l)).length > 10
  );
}

/** Index of each user message: where each exchange starts. */
function exchangeStarts(history: readonly Message[]): number[] {
  const starts: number[] = [];
  history.forEach((message, index) => {
    if (message.role === 'user') starts.push(index);
  });
  // Messages before the first user message (an odd import) belong to the first exchange.
  if (starts.length > 0) starts[0] = 0;
  return starts;
}

function labelled(message: Message, id: string | undefined, summary: string | undefined): Message {
  if (!id || message.role === 'system') return message;
  // Tool-calling assistant turns keep their (usually empty) text: a prefix there invites the model to echo ids.
  if (message.role === 'assistant' && message.toolCalls?.length) return message;
  const content =
    summary === undefined ? `${idPrefix(id, false)} ${message.content}` : `${idPrefix(id, true)} ${summary}`;
  return { ...message, content };
}
