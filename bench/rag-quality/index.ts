import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { AGENT_CHAT, type Benchmark, type Measurement } from '../lib/benchmark.ts';
import { importBundled } from '../lib/import-bundled.ts';
import { peerSubject } from '../lib/installed-version.ts';
import type { measureQuality } from './measure-quality.ts';

const here = import.meta.dirname;

export const benchmark: Benchmark = {
  description:
    'Keyword retrieval quality on Cranfield (1,400 abstracts, 225 queries, graded judgements from QRelsCorrectedforTRECeval), ' +
    'in Node: mean nDCG@10 (linear gains, as trec_eval) and MAP@100 over all queries, and ms per query. Each library indexes ' +
    'title and abstract with its defaults: agent-chat `keywordIndex()` (MiniSearch + stop words + Porter stemming + classic ' +
    'BM25), `new MiniSearch({ fields: ["title", "text"] })`, orama `create({ schema: { title: "string", text: "string" } })`.',
  async run(context) {
    // shared/ sits beside the repository (a clone) or two levels up (a worktree); CRANFIELD_DIR overrides.
    const candidates = [
      process.env.CRANFIELD_DIR,
      join(context.root, '..', 'shared', 'data', 'cranfield'),
      join(context.root, '..', '..', 'shared', 'data', 'cranfield'),
    ].filter((path): path is string => Boolean(path));
    const dir = candidates.find((path) => existsSync(join(path, 'cran.all.1400')));
    if (!dir) {
      context.skip(`the Cranfield collection is not in ${candidates.join(' or ')}; set CRANFIELD_DIR.`);
      return [];
    }
    const { measureQuality: measure } = await importBundled<{ measureQuality: typeof measureQuality }>(
      join(here, 'measure-quality.ts'),
    );
    const results = await measure(dir);
    const names = {
      'agent-chat': AGENT_CHAT,
      minisearch: peerSubject(here, 'minisearch'),
      orama: peerSubject(here, '@orama/orama'),
    };
    const rows: Measurement[] = [];
    for (const { subject: key, ndcg10, map100, msPerQuery } of results) {
      const subject = names[key];
      context.log(
        `${subject}: nDCG@10 ${ndcg10.toFixed(4)}, MAP@100 ${map100.toFixed(4)}, ${msPerQuery.toFixed(2)} ms/query`,
      );
      rows.push(
        { subject, metric: 'cranfield_ndcg_at_10', value: round(ndcg10), unit: 'score' },
        { subject, metric: 'cranfield_map_at_100', value: round(map100), unit: 'score' },
        { subject, metric: 'cranfield_ms_per_query', value: round(msPerQuery), unit: 'ms' },
      );
    }
    return rows;
  },
};

const round = (value: number) => Math.round(value * 10000) / 10000;
