import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { build } from 'esbuild';
import { launchChromium } from '../../scripts/lib/chromium.ts';
import { pyodideDir, servePyodideFile } from '../../scripts/lib/pyodide-files.ts';
import { AGENT_CHAT, type Benchmark, type Measurement } from '../lib/benchmark.ts';
import type {} from './page.ts';
import { REFERENCE_WORKER } from './reference-worker.ts';

const COLD_RUNS = 3;
const WARM_RUNS = 20;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const round = (ms: number) => Math.round(ms * 10) / 10;

export const benchmark: Benchmark = {
  description:
    "Python in the visitor's browser: a model-written data program (CSV of 2,000 rows → per-region statistics table) " +
    'through pythonInterpreter (Pyodide in a worker started by a sandboxed, opaque-origin iframe; runtime files fetched ' +
    'by the page and handed over) and, for reference, through Pyodide loaded the ordinary way in a plain same-origin ' +
    'module worker (no isolation). Cold start = first call in a fresh page (fetch + compile + start + run); warm = later calls.',
  method:
    'Headless Chromium (Debian build), one local HTTP server serving the page, its bundle and the files of the npm ' +
    'package pyodide (no-store, so every cold start fetches them). Cold: a new page per run, the first call timed with ' +
    `performance.now() from the call to its output; median of ${COLD_RUNS}. Warm: ${WARM_RUNS} further calls on the same ` +
    'interpreter, median. Both subjects run the same program on the same CSV and write it to /data first; the subjects ' +
    'alternate per cold run. Output is checked to be the same table.',
  async run(context) {
    const bundle = await build({
      entryPoints: [join(import.meta.dirname, 'page.ts')],
      bundle: true,
      format: 'esm',
      platform: 'browser',
      target: 'es2022',
      write: false,
      conditions: ['@agent-chat/source', 'module', 'browser', 'import', 'default'],
      // Only the default-CDN path imports the package; the bench gives an indexURL.
      external: ['pyodide'],
      logLevel: 'silent',
    });
    const script = bundle.outputFiles[0]!.text;
    const html =
      '<!doctype html><meta charset="utf-8"><title>python bench</title><body>' +
      '<script type="module" src="/page.js"></script><script type="module">window.__ready = true</script>';
    const server = createServer(async (req, res) => {
      // no-store on every file, the runtime's included, so each cold start fetches them again.
      if (await servePyodideFile(req, res, { 'cache-control': 'no-store' })) return;
      const js =
        req.url === '/page.js' ? script : req.url === '/reference-worker.js' ? REFERENCE_WORKER : undefined;
      res.writeHead(200, {
        'content-type': js === undefined ? 'text/html; charset=utf-8' : 'text/javascript',
        'cache-control': 'no-store',
      });
      res.end(js ?? html);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    const browser = await launchChromium();
    context.log(`pyodide from ${pyodideDir()}`);
    try {
      const samples = {
        ours: { cold: [] as number[], warm: [] as number[] },
        reference: { cold: [] as number[], warm: [] as number[] },
      };
      const outputs = new Set<string>();
      for (let run = 0; run < COLD_RUNS; run++) {
        for (const subject of run % 2 ? (['reference', 'ours'] as const) : (['ours', 'reference'] as const)) {
          const page = await browser.newPage();
          try {
            await page.goto(url);
            await page.waitForFunction(() => (window as unknown as { __ready?: boolean }).__ready === true);
            const call = () => page.evaluate((name) => window.pythonBench[name](), subject);
            const cold = await call();
            samples[subject].cold.push(cold.ms);
            outputs.add(cold.stdout.trim());
            // Warm calls once per subject (the first cold page) are enough: they do not depend on the page.
            if (run === 0) for (let i = 0; i < WARM_RUNS; i++) samples[subject].warm.push((await call()).ms);
          } finally {
            await page.close();
          }
        }
      }
      if (outputs.size !== 1)
        context.fail(`the subjects printed different tables: ${[...outputs].join(' | ')}`);
      const REFERENCE = 'pyodide@314.0.7 (plain same-origin worker, no isolation)';
      const rows: Measurement[] = [];
      for (const [subject, name] of [
        ['ours', AGENT_CHAT],
        ['reference', REFERENCE],
      ] as const) {
        rows.push({
          subject: name,
          metric: 'python_cold_start_ms',
          value: round(median(samples[subject].cold)),
          unit: 'ms',
        });
        rows.push({
          subject: name,
          metric: 'python_warm_call_ms',
          value: round(median(samples[subject].warm)),
          unit: 'ms',
        });
      }
      for (const row of rows) context.log(`${row.subject} ${row.metric}: ${row.value} ms`);
      return rows;
    } finally {
      await browser.close();
      await new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
    }
  },
};
