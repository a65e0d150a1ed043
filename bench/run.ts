// `pnpm bench [name…]`: runs every benchmark in bench/ (or the named ones), writes each one's rows to
// bench/results/<name>.json and its run record (machine, load during the run, notes) to
// bench/results/runs/<name>.json, then writes bench/results/README.md: per benchmark its description,
// method, last run, goals (bench/lib/goals.ts) and rows. `pnpm bench --readme` only rewrites the README. A benchmark is bench/<name>/index.ts or bench/<name>.bench.ts exporting
// `benchmark` (see bench/lib/benchmark.ts); adding one needs no change here.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BenchContext, Benchmark, BenchRow, Measurement } from './lib/benchmark.ts';
import { machineRows, watchMachineLoad } from './lib/machine-load.ts';
import { type BenchSection, type RunRecord, resultsReadme } from './lib/results-readme.ts';
import { resultsTable } from './lib/results-table.ts';

const benchDir = import.meta.dirname;
const root = resolve(benchDir, '..');
const resultsDir = join(benchDir, 'results');
const runsDir = join(resultsDir, 'runs');
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

/** Runs one benchmark and writes its results and run record; returns false when anything failed. */
async function runOne(name: string, file: string): Promise<boolean> {
  console.log(`\n▸ ${name} (${rel(file)})`);
  const resultsFile = join(resultsDir, `${name}.json`);
  let ok = true;
  const notes: string[] = [];
  const context: BenchContext = {
    root,
    log: (message) => console.log(`  ${message}`),
    note: (message) => {
      notes.push(message);
      console.log(`  ${message}`);
    },
    skip: (message) => console.log(`  skipped: ${message}`),
    fail: (message) => {
      ok = false;
      console.error(`  FAILED: ${message}`);
    },
  };
  const startedAt = new Date();
  const machineLoad = await watchMachineLoad();
  try {
    const measured = (await (await load(file)).run(context)).map((m) => toRow(name, m));
    const machine = await machineLoad.stop();
    console.log(
      `  machine: load average ${machine.loadAverageBefore} → ${machine.loadAverageAfter}, busy ${machine.busyPercentBefore ?? '?'}% before, ${machine.busyPercent ?? '?'}% during, ${machine.busyPercentAfter ?? '?'}% after: ${machine.quiet ? 'quiet' : 'not quiet'}`,
    );
    // An empty result is never stored: it would replace the last good one with nothing (a skipped bench).
    if (measured.length === 0 && ok) context.fail(`${name} measured nothing`);
    const rows = [...measured, ...machineRows(machine).map((m) => toRow(name, m))];
    if (!ok) {
      console.error(`  ${rel(resultsFile)} is left as the last complete run wrote it`);
      console.error(`  (${measured.length} rows not stored)`);
      return false;
    }
    writeFileSync(resultsFile, `${JSON.stringify(rows, null, 2)}\n`);
    const record: RunRecord = {
      startedAt: startedAt.toISOString(),
      durationSeconds: Math.round((Date.now() - startedAt.getTime()) / 1000),
      machine,
      notes,
    };
    mkdirSync(runsDir, { recursive: true });
    writeFileSync(join(runsDir, `${name}.json`), `${JSON.stringify(record, null, 2)}\n`);
    console.log(`  wrote ${rel(resultsFile)} (${rows.length} rows)`);
    return true;
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

async function sections(rows: BenchRow[], benchmarks: Map<string, string>): Promise<BenchSection[]> {
  const out: BenchSection[] = [];
  for (const name of new Set(rows.map((row) => row.bench))) {
    const file = benchmarks.get(name);
    const module = file ? await load(file).catch(() => undefined) : undefined;
    const runFile = join(runsDir, `${name}.json`);
    out.push({
      name,
      ...(file ? { file: rel(file) } : {}),
      description: module?.description ?? (file ? 'its module could not be loaded.' : undefined),
      ...(module?.method ? { method: module.method } : {}),
      ...(existsSync(runFile) ? { run: JSON.parse(readFileSync(runFile, 'utf8')) as RunRecord } : {}),
    });
  }
  return out;
}

const benchmarks = discover();
const requested = process.argv.slice(2);
if (requested.some((arg) => arg === '-h' || arg === '--help')) {
  console.log(
    `Usage: pnpm bench [name…] | pnpm bench --readme (rewrites the README from the stored results)\nBenchmarks: ${[...benchmarks.keys()].join(', ') || 'none'}`,
  );
  process.exit(0);
}
const readmeOnly = requested.includes('--readme');
const unknown = requested.filter((name) => name !== '--readme' && !benchmarks.has(name));
if (unknown.length > 0) {
  console.error(
    `Unknown benchmark ${unknown.join(', ')}; available: ${[...benchmarks.keys()].join(', ') || 'none'}.`,
  );
  process.exit(2);
}

mkdirSync(resultsDir, { recursive: true });
let allOk = true;
for (const name of readmeOnly ? [] : requested.length > 0 ? requested : benchmarks.keys()) {
  if (!(await runOne(name, benchmarks.get(name)!))) allOk = false;
}

const rows = readAllResults();
const text = resultsReadme(rows, await sections(rows, benchmarks));
writeFileSync(join(resultsDir, 'README.md'), text);
console.log(`\n${resultsTable(rows)}\n\nWritten to ${rel(join(resultsDir, 'README.md'))}.`);
if (!allOk) {
  console.error('Some benchmarks failed; see FAILED above.');
  process.exitCode = 1;
}
