import { countMessageTokens, type TokenCounter } from '../context/token-counter.js';
import type { ChatModel } from '../model/chat-model.js';
import type { Message } from '../model/messages.js';
import type { StoredSummary } from './conversation-store.js';
import type { AssembleOverrides, DualTrackMemory } from './dual-track-memory.js';

/** The compaction strategies, in the order they are tried. */
export type CompactionMethod = 'summaries' | 'prune-rag' | 'distill' | 'roll-up';

/** Input of {@link fitContext}. */
export interface FitInput {
  memory: DualTrackMemory;
  history: readonly Message[];
  summaries: readonly StoredSummary[];
  /** The current run's messages (user message, tool calls and results so far). */
  current: readonly Message[];
  systemPrompt: string | undefined;
  counter: TokenCounter;
  /** Tokens the messages may use. */
  maxTokens: number;
  summarizer?: ChatModel | undefined;
  signal?: AbortSignal | undefined;
}

/** The messages to send and what it took to fit them. */
export interface FittedContext {
  messages: Message[];
  /** Tokens of the full history, the current messages and the system prompt, as if sent verbatim. */
  rawTokens: number;
  /** Tokens of the default dual-track assembly, before any budget compaction. */
  beforeTokens: number;
  sentTokens: number;
  /** Strategies applied, in order; empty when the default assembly fit. */
  methods: CompactionMethod[];
}

/**
 * Pre-flight fit (003_… "Assess"): assembles the summarised track and, while it exceeds `maxTokens`,
 * compacts harder in order: summaries for the recent window too, pruning scored retrieval chunks,
 * distilling the current run's long tool outputs (summarizer, else extractive), rolling all earlier
 * exchanges up into one conversation summary. Returns the last attempt even if it still does not fit:
 * the caller decides (see {@link ContextBudgetError}).
 */
export async function fitContext(input: FitInput): Promise<FittedContext> {
  const { memory, history, summaries, counter, maxTokens, systemPrompt } = input;
  const overrides: AssembleOverrides = {};
  let current = [...input.current];
  const methods: CompactionMethod[] = [];
  const build = () => {
    const assembled = memory.assemble(history, summaries, current, overrides);
    const system = [systemPrompt, assembled.rollUp].filter(Boolean).join('\n\n');
    const messages: Message[] = [
      ...(system ? [{ role: 'system' as const, content: system }] : []),
      ...assembled.messages,
    ];
    return { messages, tokens: countMessageTokens(counter, messages), rollUp: assembled.rollUp };
  };
  const rawTokens = countMessageTokens(counter, [
    ...(systemPrompt ? [{ role: 'system' as const, content: systemPrompt }] : []),
    ...history,
    ...input.current,
  ]);
  let attempt = build();
  const beforeTokens = attempt.tokens;
  const done = () => ({
    messages: attempt.messages,
    rawTokens,
    beforeTokens,
    sentTokens: attempt.tokens,
    methods,
  });

  const strategies: Array<[CompactionMethod, () => Promise<boolean>]> = [
    ['summaries', async () => setOverride(overrides, 'recentWindow', 0)],
    [
      'prune-rag',
      async () => {
        const { pruneCurrent } = await import('./fit-compaction.js');
        const pruned = pruneCurrent(current, counter, attempt.tokens - maxTokens);
        if (pruned) current = pruned;
        return pruned !== undefined;
      },
    ],
    [
      'distill',
      async () => {
        const { distillCurrent } = await import('./fit-compaction.js');
        const distilled = await distillCurrent(
          { ...input, summarizeAbove: memory.options.summarizeAbove },
          current,
        );
        if (distilled.size) overrides.currentSummaries = distilled;
        return distilled.size > 0;
      },
    ],
    [
      'roll-up',
      async () => {
        if (!setOverride(overrides, 'rollUpAfter', 0)) return false;
        const extractive = build().rollUp;
        if (extractive && input.summarizer) {
          const { summarize } = await import('./summarize.js');
          const summary = await summarize(extractive, 'history', input.summarizer, input.signal);
          if (summary.method === 'summarizer')
            overrides.rollUp = `${extractive.split(']')[0]}] ${summary.text}`;
        }
        return true;
      },
    ],
  ];
  for (const [method, apply] of strategies) {
    if (attempt.tokens <= maxTokens) break;
    if (!(await apply())) continue;
    const next = build();
    // A strategy that saved nothing (no history to summarise, say) is not reported as applied.
    if (next.tokens < attempt.tokens) methods.push(method);
    attempt = next;
  }
  return done();
}

function setOverride(
  overrides: AssembleOverrides,
  key: 'recentWindow' | 'rollUpAfter',
  value: number,
): boolean {
  if (overrides[key] === value) return false;
  overrides[key] = value;
  if (key === 'rollUpAfter') overrides.recentWindow = 0;
  return true;
}
