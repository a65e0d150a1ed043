import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../../scripts/lib/chromium.ts';
import { bundleForPage } from '../../scripts/lib/page-bundle-server.ts';
import { AGENT_CHAT, type BenchContext, type Benchmark, type Measurement } from '../lib/benchmark.ts';
import { peerSubject } from '../lib/installed-version.ts';
import type { PersistenceResult, SubjectResult, VectorBenchConfig } from './page.ts';

const here = import.meta.dirname;
const ORIGIN = 'http://bench.localhost';

// Which subjects run at which size. voy-search is left out at 100k: its k-d tree build grows faster
// than linearly (2.9 s at 10k) and its JSON serialization would be ~0.8 GB, beyond a bounded run.
const RUNS: VectorBenchConfig[] = [
  {
    dataset: 'random',
    count: 10_000,
    queries: 100,
    builds: 3,
    subjects: ['flat', 'flat-js', 'plain', 'voy', 'orama'],
  },
  {
    dataset: 'clustered',
    count: 10_000,
    queries: 100,
    builds: 3,
    subjects: ['flat', 'flat-js', 'plain', 'voy', 'orama'],
  },
  { dataset: 'random', count: 100_000, queries: 30, builds: 1, subjects: ['flat', 'plain', 'orama'] },
  { dataset: 'clustered', count: 100_000, queries: 30, builds: 1, subjects: ['flat', 'plain', 'orama'] },
];

export const benchmark: Benchmark = {
  description:
    'Vector search in Chromium, every index in one page over the same seeded 384-d unit vectors (uniform, and clustered like sentence ' +
    'embeddings; 10k and 100k; queries drawn from the same distribution, not inserted): build ms (input conversion excluded; median of 3 builds at 10k, one at 100k), query ' +
    'p50/p95 ms for k=10, recall@10 against exact search, persisted bytes (flatIndex.save(), voy serialize(), JSON of orama save(), ' +
    'raw Float32Array for the plain scan). `agent-chat` = flatIndex with its WASM SIMD kernel; `agent-chat (JS kernel)` = the same ' +
    'index with the kernel in plain JS; `plain JS scan` = Float32Array dot products and a full sort. voy-search is skipped at 100k, the JS kernel too (it only shows what SIMD buys). idb_* rows: 10k clustered vectors written to real IndexedDB and read back into a new index (flatIndex: binary snapshot via indexedDBRagStore; voy: its JSON string), then one byte of the stored flatIndex snapshot is flipped and loading it must fail with IndexCorruptError (1 = detected).',
  method:
    'One headless Chromium page holds every index over the same seeded vectors and queries. Each subject is warmed (a ' +
    'build of up to 1,000 vectors and one query) before timing; builds are timed per fresh index (median of 3 at 10k, ' +
    'one at 100k), input conversion excluded; queries are timed one by one with performance.now() (p50, p95), after 5 ' +
    'untimed ones. Subjects run one after the other. Recall is against exact search on the same data. Peers are the ' +
    'installed versions named in the table.',
  async run(context) {
    const require = createRequire(join(here, '..', 'package.json'));
    const voyWasm = readFileSync(require.resolve('voy-search/voy_search_bg.wasm'));
    const script = await bundleForPage(join(here, 'page.ts'));
    const names: Record<string, string> = {
      flat: AGENT_CHAT,
      'flat-js': 'agent-chat (JS kernel)',
      plain: 'plain JS scan (Float32Array)',
      voy: peerSubject(here, 'voy-search'),
      orama: peerSubject(here, '@orama/orama'),
    };
    const browser = await launchChromium(['--js-flags=--max-old-space-size=8192 --expose-gc']);
    const rows: Measurement[] = [];
    try {
      for (const config of RUNS) {
        // A fresh page per run releases the previous run's memory.
        const page = await openPage(browser, script, voyWasm);
        const label = `${config.dataset}_${config.count / 1000}k`;
        context.log(`${label}: ${config.subjects.join(', ')}`);
        const results = await page.evaluate(
          (c) =>
            (
              globalThis as unknown as { runVectorBench(c: VectorBenchConfig): Promise<SubjectResult[]> }
            ).runVectorBench(c),
          config,
        );
        for (const r of results) {
          const subject = names[r.subject]!;
          context.log(
            `  ${subject}: build ${r.buildMs.toFixed(0)} ms, p50 ${r.p50.toFixed(3)} ms, p95 ${r.p95.toFixed(3)} ms, recall ${r.recall.toFixed(3)}, ${r.bytes} bytes`,
          );
          rows.push(
            { subject, metric: `build_ms_${label}`, value: round(r.buildMs), unit: 'ms' },
            { subject, metric: `query_p50_ms_${label}`, value: round(r.p50), unit: 'ms' },
            { subject, metric: `query_p95_ms_${label}`, value: round(r.p95), unit: 'ms' },
            { subject, metric: `recall_at_10_${label}`, value: round(r.recall), unit: 'ratio' },
            { subject, metric: `persisted_bytes_${label}`, value: r.bytes, unit: 'bytes' },
          );
        }
        await page.close();
      }
      rows.push(...(await persistence(browser, script, voyWasm, names, context)));
    } finally {
      await browser.close();
    }
    return rows;
  },
};

const round = (value: number) => Math.round(value * 1000) / 1000;

/** Opens the bench page with its files served from memory; isolation gives 5 µs timers. */
async function openPage(browser: Browser, script: string, voyWasm: Buffer): Promise<Page> {
  const page = await browser.newPage();
  const isolated = {
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Embedder-Policy': 'require-corp',
  };
  await page.route(`${ORIGIN}/**`, (route) => {
    const path = new URL(route.request().url()).pathname;
    if (path === '/voy.wasm')
      return route.fulfill({ body: voyWasm, contentType: 'application/wasm', headers: isolated });
    if (path === '/page.js')
      return route.fulfill({ body: script, contentType: 'text/javascript', headers: isolated });
    return route.fulfill({
      body: '<!doctype html><script type="module" src="/page.js"></script>',
      contentType: 'text/html',
      headers: isolated,
    });
  });
  await page.goto(`${ORIGIN}/`);
  await page.waitForFunction(() => 'runVectorBench' in globalThis);
  return page;
}

/** IndexedDB round trip of 10k clustered vectors: write and read-back ms, and damage detection. */
async function persistence(
  browser: Browser,
  script: string,
  voyWasm: Buffer,
  names: Record<string, string>,
  context: BenchContext,
): Promise<Measurement[]> {
  const page = await openPage(browser, script, voyWasm);
  const results = await page.evaluate(() =>
    (
      globalThis as unknown as { runPersistenceBench(n: number): Promise<PersistenceResult[]> }
    ).runPersistenceBench(10_000),
  );
  await page.close();
  const rows: Measurement[] = [];
  for (const r of results) {
    const subject = names[r.subject]!;
    context.log(
      `IndexedDB ${subject}: write ${r.writeMs.toFixed(0)} ms, read+load ${r.readMs.toFixed(0)} ms, ${r.bytes} bytes, same results ${r.sameResults}${r.corruptionDetected === undefined ? '' : `, damage detected ${r.corruptionDetected}`}`,
    );
    if (!r.sameResults) context.fail(`${subject} answered differently after an IndexedDB round trip.`);
    if (r.corruptionDetected === false)
      context.fail(`${subject} loaded a damaged snapshot without noticing.`);
    rows.push(
      { subject, metric: 'idb_write_ms_clustered_10k', value: round(r.writeMs), unit: 'ms' },
      { subject, metric: 'idb_read_and_load_ms_clustered_10k', value: round(r.readMs), unit: 'ms' },
    );
    if (r.corruptionDetected !== undefined)
      rows.push({
        subject,
        metric: 'idb_damaged_snapshot_detected',
        value: r.corruptionDetected ? 1 : 0,
        unit: 'bool',
      });
  }
  return rows;
}
