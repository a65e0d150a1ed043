import { join } from 'node:path';
import type { McpServerConfig, ModelRequest } from '@agent-chat/core';
import { AGENT_CHAT, type BenchContext, type Measurement } from '../lib/benchmark.ts';
import { importBundled } from '../lib/import-bundled.ts';
import type { CapturedToolLists } from './capture-tool-lists.ts';
import type * as FindabilityModule from './findability.ts';
import type { hubSummaries as HubSummaries } from './measure-hub.ts';
import { committedTaskPhrasings } from './task-phrasings.ts';

const here = import.meta.dirname;
const pct = (share: number) => Math.round(share * 1000) / 10;
const ratio = (value: number) => Math.round(value * 1000) / 1000;

/**
 * The catalog findability table: recall@1/@3 of the tool a task phrasing is about, for full descriptions
 * and summaries of 4–12 words, each with its catalog tokens and the 10-turn token reduction it would give;
 * then the length the fixed rule picks, which must be the one the package ships.
 */
export async function catalogQuality(
  context: BenchContext,
  input: {
    captured: CapturedToolLists;
    servers: McpServerConfig[];
    lazyRequests: ModelRequest[];
    eagerTokens: number;
    requestTokens: (request: ModelRequest) => number;
    tokens: (text: string) => number;
  },
): Promise<Measurement[]> {
  const f = await importBundled<typeof FindabilityModule & { CATALOG_SUMMARY_WORDS: number }>(
    join(here, 'findability.ts'),
  );
  const { hubSummaries } = await importBundled<{ hubSummaries: typeof HubSummaries }>(
    join(here, 'measure-hub.ts'),
  );
  const summaries = await hubSummaries(input.servers);
  const phrasings = committedTaskPhrasings(input.captured);
  const { full, byLength } = f.measureFindability(input.captured, summaries, phrasings, input.tokens);
  const loopTokens = (words: number) =>
    f
      .requestsAtLength(input.lazyRequests, summaries, words)
      .reduce((total, request) => total + input.requestTokens(request), 0);
  const shippedTokens = input.lazyRequests.reduce(
    (total, request) => total + input.requestTokens(request),
    0,
  );
  // The rewrite must reproduce the real run at the shipped length, or the other lengths' figures mean nothing.
  if (loopTokens(f.CATALOG_SUMMARY_WORDS) !== shippedTokens)
    throw new Error(
      `rewriting the lazy run's catalog at ${f.CATALOG_SUMMARY_WORDS} words gives ${loopTokens(f.CATALOG_SUMMARY_WORDS)} tokens, the run sent ${shippedTokens}`,
    );
  const reduction = (words: number) => pct(1 - loopTokens(words) / input.eagerTokens);
  context.log(
    `findability: ${phrasings.length} task phrasings of ${new Set(phrasings.map((p) => p.tool)).size} tools; ` +
      `full descriptions recall@1 ${pct(full.recallAt1)}%, recall@3 ${pct(full.recallAt3)}%, catalog ${full.catalogTokens} tokens`,
  );
  const rows: Measurement[] = [
    {
      subject: AGENT_CHAT,
      metric: 'catalog_recall_at_1_full_descriptions',
      value: ratio(full.recallAt1),
      unit: 'ratio',
    },
    {
      subject: AGENT_CHAT,
      metric: 'catalog_recall_at_3_full_descriptions',
      value: ratio(full.recallAt3),
      unit: 'ratio',
    },
    {
      subject: AGENT_CHAT,
      metric: 'catalog_tokens_full_descriptions',
      value: full.catalogTokens,
      unit: 'tokens',
    },
  ];
  for (const row of byLength) {
    const w = row.words!;
    const line =
      `${w} words: recall@1 ${pct(row.recallAt1)}%, recall@3 ${pct(row.recallAt3)}% ` +
      `(${ratio(row.recallAt3 / full.recallAt3)} of full descriptions'), catalog ${row.catalogTokens} tokens ` +
      `(${full.catalogTokens - row.catalogTokens} fewer than full descriptions), 10-turn reduction ${reduction(w)}%`;
    context.log(line);
    context.note(`Catalog findability, summaries of ${line}.`);
    rows.push(
      {
        subject: AGENT_CHAT,
        metric: `catalog_recall_at_1_summary_${w}_words`,
        value: ratio(row.recallAt1),
        unit: 'ratio',
      },
      {
        subject: AGENT_CHAT,
        metric: `catalog_recall_at_3_summary_${w}_words`,
        value: ratio(row.recallAt3),
        unit: 'ratio',
      },
      {
        subject: AGENT_CHAT,
        metric: `catalog_tokens_summary_${w}_words`,
        value: row.catalogTokens,
        unit: 'tokens',
      },
      {
        subject: AGENT_CHAT,
        metric: `catalog_tokens_saved_summary_${w}_words`,
        value: full.catalogTokens - row.catalogTokens,
        unit: 'tokens',
      },
      {
        subject: AGENT_CHAT,
        metric: `loop_token_reduction_pct_summary_${w}_words`,
        value: reduction(w),
        unit: '%',
      },
    );
  }
  // The layout first measured (name and summary in separate fields), kept beside the one the rule uses.
  const fields = f.measureFindability(input.captured, summaries, phrasings, input.tokens, 'fields');
  context.note(
    `Catalog findability with the name as a separate title field (the layout first measured, before the rule was ` +
      `applied; no length met the rule there): full descriptions recall@3 ${pct(fields.full.recallAt3)}%; summaries ` +
      fields.byLength
        .map(
          (row) =>
            `${row.words} words ${pct(row.recallAt3)}% (${ratio(row.recallAt3 / fields.full.recallAt3)})`,
        )
        .join(', ') +
      '.',
  );
  const chosen = f.chooseLength(full, byLength);
  const rule = `the shortest summary length (4–12 words) whose recall@3 is at least ${f.RECALL_AT_3_SHARE * 100}% of full descriptions'`;
  if (!chosen) {
    context.fail(`no length meets the rule (${rule}); the catalog would need full descriptions`);
    return rows;
  }
  context.note(
    `Summary length chosen by the rule fixed before measuring (${rule}): ${chosen.words} words, ` +
      `recall@3 ${ratio(chosen.recallAt3 / full.recallAt3)} of full descriptions'; 10-turn token reduction at that length ${reduction(chosen.words!)}%.`,
  );
  if (chosen.words !== f.CATALOG_SUMMARY_WORDS)
    context.fail(
      `the rule picks ${chosen.words} words but the package ships CATALOG_SUMMARY_WORDS = ${f.CATALOG_SUMMARY_WORDS} ` +
        '(packages/core/src/mcp/catalog-summary.ts): set it to the chosen length',
    );
  rows.push(
    { subject: AGENT_CHAT, metric: 'catalog_summary_words', value: chosen.words!, unit: 'words' },
    {
      subject: AGENT_CHAT,
      metric: 'catalog_recall_at_3_ratio',
      value: ratio(chosen.recallAt3 / full.recallAt3),
      unit: 'ratio',
    },
  );
  return rows;
}
