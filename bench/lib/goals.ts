import { MODEL_MISTAKES_GOALS } from '../model-mistakes/goals.ts';
import { AGENT_CHAT, type BenchRow } from './benchmark.ts';
import { MACHINE } from './machine-load.ts';

/**
 * A target a benchmark's figure is held to. `pnpm bench` says in bench/results/README.md whether each is
 * met on the last run, and bench/lib/results.test.ts fails when a goal's rows are missing or look clamped.
 */
export interface Goal {
  bench: string;
  metric: string;
  /** A ratio goal: agent-chat ÷ the peer whose subject starts with this. Absent: a goal on our own value. */
  peer?: string;
  atMost?: number;
  atLeast?: number;
  /** Other rows the figure is computed from, which must be there too (e.g. the baseline of a saving). */
  basis?: Array<{ metric: string; peer: string }>;
  /** How the README states it, e.g. `agent-chat ≤ 0.3× the AI SDK (wall time per turn)`. */
  text: string;
  /** A time on its own (not a ratio to a peer of the same run): judged only when the run was quiet. */
  absoluteTime?: boolean;
}

const AI_SDK = 'ai@';
export const HAND_LOOP = 'hand-written fetch + SSE tool loop';
export const FULL_HISTORY = 'memory off (full history resent, cut oldest-first to a 128k window)';

/** A goal of bench/mcp-tool-tokens whose figure is computed from agent-chat's own rows `basis`. */
function mcpToolTokensGoal(
  metric: string,
  bound: Pick<Goal, 'atLeast' | 'atMost'>,
  basis: string[],
  text: string,
): Goal {
  return {
    bench: 'mcp-tool-tokens',
    metric,
    ...bound,
    basis: basis.map((row) => ({ metric: row, peer: AGENT_CHAT })),
    text,
  };
}

export const GOALS: readonly Goal[] = [
  ...(['wall', 'cpu'] as const).flatMap((kind): Goal[] => [
    {
      bench: 'agent-overhead',
      metric: `added_${kind}_ms_per_turn_vs_hand_loop`,
      peer: AI_SDK,
      atMost: 0.1,
      text: `agent-chat adds ≤ 0.10× the AI SDK's overhead over the hand-written loop, ${kind === 'wall' ? 'wall' : 'CPU'} time per turn`,
    },
    {
      bench: 'agent-overhead',
      metric: `${kind}_ms_per_turn`,
      peer: HAND_LOOP,
      atMost: 1.2,
      text: `agent-chat ≤ 1.20× the hand-written loop, ${kind === 'wall' ? 'wall' : 'CPU'} time per turn`,
    },
  ]),
  {
    bench: 'context-memory',
    metric: 'fewer_tokens_30_turns_total',
    atLeast: 60,
    basis: [{ metric: 'input_tokens_30_turns_total', peer: FULL_HISTORY }],
    text: '≥ 60% fewer input tokens over all 30 turns than the full history in a 128k window, retrievals included',
  },
  ...(
    [
      ['append_turn_p50_ms', 5, 'appending a turn'],
      ['open_1000_message_conversation_ms', 50, 'opening a 1,000-message conversation'],
      ['list_500_conversations_ms', 50, 'listing 500 conversations'],
    ] as const
  ).map(
    ([metric, ms, what]): Goal => ({
      bench: 'indexeddb',
      metric,
      atMost: ms,
      absoluteTime: true,
      basis: [{ metric, peer: 'localStorage JSON' }],
      text: `${what} takes ≤ ${ms} ms (median, Chromium)`,
    }),
  ),
  {
    bench: 'indexeddb',
    metric: 'search_500_conversations_ms',
    atMost: 50,
    basis: [{ metric: 'search_500_conversations_ms', peer: 'indexedDBStore list() + load()' }],
    text: 'searching 500 conversations for a word takes ≤ 50 ms (median, Chromium)',
  },
  {
    bench: 'bundle-size',
    metric: 'first_chat_gzip_bytes',
    atMost: 55_000,
    text: 'agent-chat ≤ 55 KB gzip downloaded before the first answer renders (entry + every chunk the first send loads)',
  },
  {
    bench: 'bundle-size',
    metric: 'first_chat_gzip_bytes_code_block',
    atMost: 60_000,
    text: 'agent-chat ≤ 60 KB gzip before the first answer with a highlighted code block renders',
  },
  {
    bench: 'bundle-size',
    metric: 'first_chat_gzip_bytes_tool_call',
    atMost: 60_000,
    text: 'agent-chat ≤ 60 KB gzip before the first answer after a page tool call renders',
  },
  {
    bench: 'bundle-size',
    metric: 'min_gzip_bytes_core_base',
    atMost: 25_000,
    text: 'the core base (`createAgent`, `openAICompatible`, `defineTool`) ≤ 25 KB gzip, bundled by esbuild',
  },
  mcpToolTokensGoal(
    'loop_token_reduction_pct',
    { atLeast: 60 },
    ['loop_tokens_eager_10_turns', 'loop_tokens_lazy_10_turns'],
    '≥ 60% fewer tokens over the 10-turn conversation with lazy MCP tools than with every definition up front',
  ),
  mcpToolTokensGoal(
    'catalog_recall_at_3_ratio',
    { atLeast: 0.95 },
    ['catalog_recall_at_3_full_descriptions', 'catalog_summary_words'],
    'the lazy catalog at the shipped summary length finds ≥ 95% of what full descriptions find (recall@3, BM25)',
  ),
  {
    bench: 'rag-quality',
    metric: 'cranfield_ndcg_at_10',
    atLeast: 0.52,
    text: 'keyword search nDCG@10 ≥ 0.52 on Cranfield (its settings were chosen on this collection)',
  },
  mcpToolTokensGoal(
    'extra_model_turns_per_tool_set_change',
    { atMost: 1 },
    ['extra_model_turns_lazy', 'tool_set_changes'],
    'lazy MCP tools cost at most one extra model call each time the set of needed tools changes',
  ),
  {
    bench: 'toon-serialization',
    metric: 'fewer_tokens_flat_tables_total',
    atLeast: 35,
    basis: [{ metric: 'tokens_orders_200_rows', peer: 'minified JSON' }],
    text: '≥ 35% fewer tokens than minified JSON on flat tables',
  },
  ...MODEL_MISTAKES_GOALS,
  {
    bench: 'proxy-ttfb',
    metric: 'added_ttfb_p50_ms_warm_client_do_rtt_25ms',
    atMost: 1.5,
    basis: [{ metric: 'ttfb_p50_ms_sequential', peer: 'direct (no proxy)' }],
    text: 'a warm client’s request gains ≤ 1.5 ms time to first byte (p50, workerd serve) with safe defaults on and the Durable Object 25 ms away each way',
  },
  {
    bench: 'proxy-ttfb',
    metric: 'added_ttfb_p50_ms_warm_client_do_rtt_25ms_resume_on',
    atMost: 1.5,
    basis: [{ metric: 'ttfb_p50_ms_sequential', peer: 'direct (no proxy)' }],
    text: 'the same with resumable answers on (X-Resumable: 1, the stream store 25 ms away too): ≤ 1.5 ms (issue 42)',
  },
  {
    bench: 'proxy-ttfb',
    metric: 'added_ttfb_p50_ms_warm_client_do_rtt_25ms_transcripts_on',
    atMost: 1.5,
    basis: [{ metric: 'ttfb_p50_ms_sequential', peer: 'direct (no proxy)' }],
    text: 'the same with TRANSCRIPTS=on (the database 25 ms away too, written after the answer): ≤ 1.5 ms (issue 43)',
  },
];

/** A goal's figure on a set of rows, or what is wrong with the rows. */
export interface GoalResult {
  goal: Goal;
  /** The ratio (peer goals) or our value. */
  value?: number;
  met?: boolean;
  /** Set when the figure cannot be trusted: a row is missing, not finite, or zero or negative where a size or time is measured. */
  problem?: string;
}

const positiveUnits = new Set(['ms', 'bytes', 'tokens']);

/** Evaluates one goal against the rows of its benchmark. */
export function evaluateGoal(goal: Goal, rows: readonly BenchRow[]): GoalResult {
  const find = (metric: string, subject: (s: string) => boolean) =>
    rows.find((r) => r.bench === goal.bench && r.metric === metric && subject(r.subject));
  const needed = [
    { label: `${AGENT_CHAT} ${goal.metric}`, row: find(goal.metric, (s) => s === AGENT_CHAT) },
    ...(goal.peer
      ? [{ label: `${goal.peer}… ${goal.metric}`, row: find(goal.metric, (s) => s.startsWith(goal.peer!)) }]
      : []),
    ...(goal.basis ?? []).map((b) => ({
      label: `${b.peer}… ${b.metric}`,
      row: find(b.metric, (s) => s.startsWith(b.peer)),
    })),
  ];
  for (const { label, row } of needed) {
    if (!row) return { goal, problem: `no ${label} row in bench/results/${goal.bench}.json` };
    if (!Number.isFinite(row.value)) return { goal, problem: `${label} is not a finite number` };
    if (positiveUnits.has(row.unit) && row.value <= 0)
      return {
        goal,
        problem: `${label} is ${row.value} ${row.unit}: a measured time or size is never ≤ 0 (clamped?)`,
      };
  }
  const ours = needed[0]!.row!.value;
  const value = goal.peer ? ours / needed[1]!.row!.value : ours;
  const met =
    (goal.atMost === undefined || value <= goal.atMost) &&
    (goal.atLeast === undefined || value >= goal.atLeast);
  return { goal, value, met };
}

/**
 * Benchmarks with goals whose results file is missing, empty or holds only the machine rows: a run that
 * measured nothing (e.g. its data was not found) must fail, not leave an empty result behind.
 */
export function missingResults(
  files: ReadonlyMap<string, readonly BenchRow[]>,
  goals: readonly Goal[],
): string[] {
  const benches = [...new Set(goals.map((goal) => goal.bench))];
  return benches.filter((bench) => !(files.get(bench) ?? []).some((row) => row.subject !== MACHINE));
}
