import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { AGENT_CHAT, type Benchmark, type Measurement } from '../lib/benchmark.ts';
import { importBundled } from '../lib/import-bundled.ts';
import { peerSubject } from '../lib/installed-version.ts';
import { sharedDataCandidates } from '../lib/shared-data.ts';
import type { builtIndexQuality } from './built-index-quality.ts';
import { loadCranfield } from './cranfield.ts';
import type { measureQuality, VARIANTS } from './measure-quality.ts';

const here = import.meta.dirname;

export const benchmark: Benchmark = {
  description:
    'Keyword retrieval quality on Cranfield (1,400 abstracts, 225 queries, graded judgements from QRelsCorrectedforTRECeval), ' +
    'in Node: mean nDCG@10 (linear gains, as trec_eval) and MAP@100 over all queries, and ms per query. agent-chat ' +
    '`keywordIndex()` (MiniSearch + stop words + Porter stemming + classic BM25) has settings that were chosen by ' +
    'measuring on this very collection (no title boost, no coordination factor), so its figures are tuned on ' +
    'Cranfield (said in the goal; the rows were named `…_tuned_on_cranfield` before); each rejected alternative and the untuned start (MiniSearch’s own search defaults behind the ' +
    'same analyzer) are measured beside it, and nDCG@10 on the odd- and even-numbered query halves shows whether each ' +
    'choice holds on both. Peers index title and abstract with their defaults: `new MiniSearch({ fields: ["title", ' +
    '"text"] })`, orama `create({ schema: { title: "string", text: "string" } })`.',
  method:
    'Every subject indexes the same 1,400 documents (title and abstract) in one Node process and answers the same 225 ' +
    'queries, top 100 kept; scores are computed by the same code (bench/rag-quality/metrics.ts). Quality figures are ' +
    'deterministic. ms per query is wall time of a second (warm) pass over the 225 queries after indexing (index build ' +
    'excluded), subjects one after another in one process: a rough figure beside the quality ones. No settings of the ' +
    'peers were tuned.',
  async run(context) {
    // ../shared/data/cranfield beside the repository (see bench/lib/shared-data.ts); CRANFIELD_DIR overrides.
    const candidates = process.env.CRANFIELD_DIR
      ? [process.env.CRANFIELD_DIR]
      : sharedDataCandidates(context.root, 'cranfield');
    const dir = candidates.find((path) => existsSync(join(path, 'cran.all.1400')));
    if (!dir) {
      // A failure, not a skip: an empty result must never replace the last good one.
      context.fail(
        `the Cranfield collection (cran.all.1400) is in none of ${candidates.join(', ')}; ` +
          'put it at ../shared/data/cranfield beside the repository, or set AGENT_CHAT_DATA_DIR (its parent) or CRANFIELD_DIR.',
      );
      return [];
    }
    context.log(`Cranfield from ${dir}`);
    const { measureQuality: measure, VARIANTS: variants } = await importBundled<{
      measureQuality: typeof measureQuality;
      VARIANTS: typeof VARIANTS;
    }>(join(here, 'measure-quality.ts'));
    const results = await measure(dir);
    const nameOf = (key: string) =>
      key === 'agent-chat'
        ? AGENT_CHAT
        : key === 'minisearch'
          ? peerSubject(here, 'minisearch')
          : key === 'orama'
            ? peerSubject(here, '@orama/orama')
            : variants[key.slice('variant:'.length)]!.label;
    const rows: Measurement[] = [];
    for (const { subject: key, ndcg10, map100, msPerQuery, halves } of results) {
      const subject = nameOf(key);
      context.log(
        `${subject}: nDCG@10 ${ndcg10.toFixed(4)} (odd queries ${halves.odd.toFixed(4)}, even ${halves.even.toFixed(4)}), ` +
          `MAP@100 ${map100.toFixed(4)}, ${msPerQuery.toFixed(2)} ms/query`,
      );
      rows.push(
        { subject, metric: 'cranfield_ndcg_at_10', value: round(ndcg10), unit: 'score' },
        { subject, metric: 'cranfield_map_at_100', value: round(map100), unit: 'score' },
      );
      if (!key.startsWith('variant:'))
        rows.push({ subject, metric: 'cranfield_ms_per_query', value: round(msPerQuery), unit: 'ms' });
    }
    // The two ways a site's documents reach the knowledge base: added in the browser, or built once at deploy.
    const { builtIndexQuality: measureBuilt } = await importBundled<{
      builtIndexQuality: typeof builtIndexQuality;
    }>(join(here, 'built-index-quality.ts'));
    const paths = await measureBuilt(loadCranfield(dir));
    for (const [subject, figures] of [
      ['agent-chat knowledge base, documents added in the browser', paths.inBrowser],
      ['agent-chat knowledge base, built index (knowledge build)', paths.built],
    ] as const) {
      context.log(`${subject}: nDCG@10 ${figures.ndcg10.toFixed(4)}, MAP@100 ${figures.map100.toFixed(4)}`);
      rows.push(
        { subject, metric: 'cranfield_ndcg_at_10', value: round(figures.ndcg10), unit: 'score' },
        { subject, metric: 'cranfield_map_at_100', value: round(figures.map100), unit: 'score' },
      );
    }
    context.note(
      `Built index vs documents added in the browser (both chunked, searched through createKnowledgeBase): nDCG@10 ` +
        `${paths.built.ndcg10.toFixed(4)} vs ${paths.inBrowser.ndcg10.toFixed(4)} (difference ${(paths.built.ndcg10 - paths.inBrowser.ndcg10).toFixed(4)}).`,
    );
    const ours = results.find((r) => r.subject === 'agent-chat')!;
    for (const r of results.filter((x) => x.subject.startsWith('variant:'))) {
      const gain = (a: number, b: number) => `${a - b >= 0 ? '+' : ''}${(a - b).toFixed(4)}`;
      context.note(
        `Shipped settings vs ${nameOf(r.subject)}: nDCG@10 ${gain(ours.ndcg10, r.ndcg10)} over all 225 queries ` +
          `(odd half ${gain(ours.halves.odd, r.halves.odd)}, even half ${gain(ours.halves.even, r.halves.even)}), ` +
          `MAP@100 ${gain(ours.map100, r.map100)}.`,
      );
    }
    return rows;
  },
};

const round = (value: number) => Math.round(value * 10000) / 10000;
