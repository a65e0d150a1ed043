import { ContextBudgetError } from '../context/context-budget-error.js';
import type { EfficiencyLog } from '../context/efficiency-log.js';
import { type TokenCounter, tokenCounterFor } from '../context/token-counter.js';
import type { AgentEventBody, UsageContext } from '../events.js';
import type { ChatModel, ToolSpec, Usage } from '../model/chat-model.js';
import type { Message } from '../model/messages.js';
import type { Tool } from '../tools/tool.js';
import { isToolOutput } from '../tools/tool-output-mark.js';
import type { ConversationStore, TurnSummary } from './conversation-store.js';
import { type DualTrackOptions, dualTrackMemoryWith } from './dual-track.js';
import { type FittedContext, fitContext } from './fit-context.js';
import type { HistoryCompaction } from './history-compaction.js';
import { retrieveFullContextTool } from './retrieve-full-context-tool.js';

/** What the run loop needs from memory for one run. */
export interface RunMemory {
  /** Built-in tools this run adds (`retrieve_full_context`). */
  readonly tools: Tool[];
  /** The messages for the next model call (system prompt included), fitted to the window and budget. */
  prepare(finished: readonly Message[], turn: number, toolSpecs: readonly ToolSpec[]): Promise<Message[]>;
  /** Context metrics of the last prepared call, for the `usage` event; also counts the run's tokens. */
  onUsage(usage: Usage): { context?: UsageContext };
  /** A tool result as the model gets it: TOON for uniform tables when smaller, else minified JSON. */
  toolContent(result: unknown, fallback: string): Promise<string>;
  /** Summaries of the finished turn's long entries, to append with it. */
  summarize(finished: readonly Message[]): Promise<TurnSummary[]>;
}

/** Settings of {@link openRunMemory}. */
export interface RunMemorySettings {
  memory: DualTrackOptions;
  store: ConversationStore;
  conversationId: string;
  history: readonly Message[];
  model: ChatModel;
  systemPrompt: string | undefined;
  /** The run's token budget (input + output over all its model calls); unlimited when undefined. */
  tokenBudget?: number | undefined;
  /** Tokens kept free for the model's answer; default 10% of the context window, at most 4096. */
  outputReserve?: number;
  log: EfficiencyLog;
  runId: string;
  emit(body: AgentEventBody): void;
  signal: AbortSignal;
}

const counters = new Map<string, Promise<TokenCounter>>();

/** The encoder for results without a table: negotiation never calls it (it sends them as JSON). */
/**
 * A run with no history has nothing older to summarise or roll up: dual-track memory summarises and rolls up
 * history entries only (the run's own messages go verbatim, or by fit-context's own summaries).
 */
const NO_HISTORY: HistoryCompaction = {
  summary: () => {
    throw new Error('history summary asked for in a run without history');
  },
  rollUp: () => {
    throw new Error('history roll-up asked for in a run without history');
  },
};

/**
 * Opens dual-track memory for one run: loads the summaries, picks the token counter for the model and
 * returns the three hooks the run loop calls (prepare before each model call, onUsage, summarize).
 */
export async function openRunMemory(settings: RunMemorySettings): Promise<RunMemory> {
  const { model, history } = settings;
  const summaries = (await settings.store.loadSummaries?.(settings.conversationId)) ?? [];
  // A counter given in the options (e.g. the calibrated estimate) spares downloading a tokenizer.
  const counter = settings.memory.counter
    ? Promise.resolve(settings.memory.counter)
    : (counters.get(model.id) ?? tokenCounterFor(model.id));
  if (!settings.memory.counter) counters.set(model.id, counter);
  const tokens = await counter;
  // The summary and roll-up code loads with a conversation's second run: a first chat has no history.
  const compaction = history.length
    ? (await import('./history-compaction.js')).historyCompaction
    : NO_HISTORY;
  const memory = dualTrackMemoryWith({ counter: tokens, ...settings.memory }, compaction);
  let finished: readonly Message[] = [];
  let used = 0;
  let last: UsageContext | undefined;
  const window = model.capabilities.contextWindow;
  const reserve = settings.outputReserve ?? Math.min(4096, Math.floor(window * 0.1));

  return {
    tools: [retrieveFullContextTool(() => [...history, ...finished])],
    async prepare(current, turn, toolSpecs) {
      finished = current;
      const toolTokens = toolSpecs.length ? tokens.count(JSON.stringify(toolSpecs)) : 0;
      const windowLeft = window - reserve - toolTokens;
      const budgetLeft =
        settings.tokenBudget === undefined ? Infinity : settings.tokenBudget - used - toolTokens;
      const maxTokens = Math.min(windowLeft, budgetLeft);
      const fitted = await fitContext({
        memory,
        history,
        summaries,
        current,
        systemPrompt: settings.systemPrompt,
        counter: tokens,
        maxTokens,
        summarizer: memory.options.summarizer,
        signal: settings.signal,
      });
      if (fitted.methods.length)
        settings.emit({
          type: 'context.compacted',
          beforeTokens: fitted.beforeTokens,
          afterTokens: fitted.sentTokens,
          method: fitted.methods.join('+'),
        });
      if (fitted.sentTokens > maxTokens)
        throw new ContextBudgetError(
          fitted.sentTokens,
          maxTokens,
          budgetLeft < windowLeft ? 'token budget' : 'context window',
        );
      last = usageContext(settings, turn, fitted);
      // Counted here too, so a provider that reports no usage still spends the budget.
      used += fitted.sentTokens;
      return fitted.messages;
    },
    onUsage(usage) {
      // The provider's count replaces our estimate of this call's input, and adds its output.
      if (last) used += usage.inputTokens - last.sentTokens + usage.outputTokens;
      return last ? { context: last } : {};
    },
    // Rich output (images, tables for the UI) already has its model text in `fallback`; only plain data is
    // worth re-serialising. Loaded with the first tool result (beside the tool call's own code).
    toolContent: async (result, fallback) =>
      typeof result === 'string' || result === undefined || isToolOutput(result)
        ? fallback
        : (await import('../context/tool-model-text.js')).modelText(result, tokens),
    summarize: (turn) => memory.summarizeTurn(turn, settings.signal),
  };
}

/** Records in the efficiency log what a model call sends, as the context its usage will report. */
function usageContext(settings: RunMemorySettings, turn: number, fitted: FittedContext): UsageContext {
  const method = fitted.methods.length
    ? fitted.methods.join('+')
    : fitted.sentTokens < fitted.rawTokens
      ? 'dual-track'
      : 'full';
  const record = settings.log.record({
    runId: settings.runId,
    turn,
    model: settings.model.id,
    rawTokens: fitted.rawTokens,
    sentTokens: fitted.sentTokens,
    method,
  });
  const { ratio, drift, costUsd } = record;
  return {
    rawTokens: record.rawTokens,
    sentTokens: record.sentTokens,
    ratio,
    method,
    drift,
    ...(costUsd === undefined ? {} : { costUsd }),
  };
}
