// `pnpm bench [name…]`: runs every benchmark in bench/ (or the named ones), writes each one's rows to
// bench/results/<name>.json, then prints one Markdown table of all results and writes it to
// bench/results/README.md. A benchmark is bench/<name>/index.ts or bench/<name>.bench.ts exporting
// `benchmark` (see bench/lib/benchmark.ts); adding one needs no change here.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BenchContext, Benchmark, BenchRow, Measurement } from './lib/benchmark.ts';
import { resultsTable } from './lib/results-table.ts';

const benchDir = import.meta.dirname;
const root = resolve(benchDir, '..');
const resultsDir = join(benchDir, 'results');
const rel = (path: string) => relative(root, path);

/** Benchmark files by name, sorted. */
function discover(): Map<string, string> {
  const found: [string, string][] = [];
  for (const entry of readdirSync(benchDir, { withFileTypes: true })) {
    const index = join(benchDir, entry.name, 'index.ts');
    if (entry.isDirectory() && existsSync(index)) found.push([entry.name, index]);
    else if (entry.isFile() && entry.name.endsWith('.bench.ts'))
      found.push([entry.name.slice(0, -'.bench.ts'.length), join(benchDir, entry.name)]);
  }
  return new Map(found.sort(([a], [b]) => a.localeCompare(b)));
}

async function load(file: string): Promise<Benchmark> {
  const module = (await import(pathToFileURL(file).href)) as { benchmark?: Benchmark };
  if (typeof module.benchmark?.run !== 'function')
    throw new Error(
      `${rel(file)} must export \`benchmark\` = { description, run(context) } (see bench/lib/benchmark.ts).`,
    );
  return module.benchmark;
}

function toRow(bench: string, m: Measurement): BenchRow {
  const valid =
    typeof m?.subject === 'string' &&
    m.subject !== '' &&
    /^[a-z0-9_]+$/.test(m.metric) &&
    Number.isFinite(m.value) &&
    typeof m.unit === 'string' &&
    m.unit !== '';
  if (!valid)
    throw new Error(
      `${bench} produced an invalid row ${JSON.stringify(m)}: expected { subject, metric (snake_case), value (finite number), unit }.`,
    );
  return { bench, subject: m.subject, metric: m.metric, value: m.value, unit: m.unit };
}

/** Runs one benchmark and writes its results; returns false when anything failed. */
async function runOne(name: string, file: string): Promise<boolean> {
  console.log(`\n▸ ${name} (${rel(file)})`);
  const resultsFile = join(resultsDir, `${name}.json`);
  let ok = true;
  const context: BenchContext = {
    root,
    log: (message) => console.log(`  ${message}`),
    skip: (message) => console.log(`  skipped: ${message}`),
    fail: (message) => {
      ok = false;
      console.error(`  FAILED: ${message}`);
    },
  };
  try {
    const rows = (await (await load(file)).run(context)).map((m) => toRow(name, m));
    writeFileSync(resultsFile, `${JSON.stringify(rows, null, 2)}\n`);
    console.log(`  wrote ${rel(resultsFile)} (${rows.length} rows)`);
    return ok;
  } catch (error) {
    console.error(`  FAILED: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    console.error(`  ${rel(resultsFile)} is left as it was (an earlier run's results, if any).`);
    return false;
  }
}

function readAllResults(): BenchRow[] {
  const rows: BenchRow[] = [];
  for (const file of readdirSync(resultsDir)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    const parsed: unknown = JSON.parse(readFileSync(join(resultsDir, file), 'utf8'));
    if (!Array.isArray(parsed))
      throw new Error(`bench/results/${file} is not a JSON array of rows; delete it and rerun.`);
    rows.push(...(parsed as BenchRow[]));
  }
  return rows;
}

async function readme(rows: BenchRow[], benchmarks: Map<string, string>): Promise<string> {
  const descriptions: string[] = [];
  for (const name of new Set(rows.map((row) => row.bench))) {
    const file = benchmarks.get(name);
    const description = file
      ? await load(file).then(
          (b) => b.description,
          () => 'its module could not be loaded.',
        )
      : undefined;
    descriptions.push(
      `- **${name}**${file ? ` (\`${rel(file)}\`)` : ' (no longer in bench/)'}: ${description ?? '—'}`,
    );
  }
  return `# Benchmark results

Written by \`pnpm bench\` from \`bench/results/*.json\` (each benchmark's last run); do not edit by hand.
Run \`pnpm bench [name…]\` from the repository root to refresh. \`agent-chat ÷ peer\` divides our value by
the peer's: below 1 means agent-chat's number is smaller (better for bytes and milliseconds).

## Benchmarks

${descriptions.join('\n')}

## Results

${resultsTable(rows)}
`;
}

const benchmarks = discover();
const requested = process.argv.slice(2);
if (requested.some((arg) => arg === '-h' || arg === '--help')) {
  console.log(`Usage: pnpm bench [name…]\nBenchmarks: ${[...benchmarks.keys()].join(', ') || 'none'}`);
  process.exit(0);
}
const unknown = requested.filter((name) => !benchmarks.has(name));
if (unknown.length > 0) {
  console.error(
    `Unknown benchmark ${unknown.join(', ')}; available: ${[...benchmarks.keys()].join(', ') || 'none'}.`,
  );
  process.exit(2);
}

mkdirSync(resultsDir, { recursive: true });
let allOk = true;
for (const name of requested.length > 0 ? requested : benchmarks.keys()) {
  if (!(await runOne(name, benchmarks.get(name)!))) allOk = false;
}

const rows = readAllResults();
const text = await readme(rows, benchmarks);
writeFileSync(join(resultsDir, 'README.md'), text);
console.log(`\n${resultsTable(rows)}\n\nWritten to ${rel(join(resultsDir, 'README.md'))}.`);
if (!allOk) {
  console.error('Some benchmarks failed; see FAILED above.');
  process.exitCode = 1;
}
