// `pnpm test:repeat`: the files that can flake run once more, in shuffled order, under CPU pressure (a busy
// loop on each core for the whole run), with their own JSON report (test/artifacts/vitest-repeat-report.json)
// for .ci/run's summary line. They are every end-to-end file (a browser, a proxy, servers), every core test
// that needs a real browser, and the files listed in .ci/timing-sensitive-tests (widget files that wait on
// timing, animations or the clock). `--no-pressure` runs them without the busy loops.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, relative } from 'node:path';

const root = join(import.meta.dirname, '..');

/** The `.test.ts` files under `dir` whose name matches `pattern`, relative to the root. */
function testFiles(dir: string, pattern: RegExp): string[] {
  return readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => pattern.test(file) && !file.includes('node_modules'))
    .map((file) => relative(root, join(root, dir, file)))
    .sort();
}

const listed = readFileSync(join(root, '.ci', 'timing-sensitive-tests'), 'utf8')
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line && !line.startsWith('#'));
const missing = listed.filter((file) => !existsSync(join(root, file)));
if (missing.length > 0) {
  console.error(`.ci/timing-sensitive-tests names files that do not exist: ${missing.join(', ')}`);
  process.exit(2);
}
const files = [
  ...new Set([
    ...testFiles('test/e2e', /\.test\.ts$/),
    ...testFiles('packages/core/src', /\.browser\.test\.ts$/),
    ...listed,
  ]),
];

// Busy loops, one per core, from before the first test to after the last: what a busy CI machine does.
const hogs: ChildProcess[] = process.argv.includes('--no-pressure')
  ? []
  : Array.from({ length: availableParallelism() }, () =>
      spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }),
    );
const stopHogs = () => {
  for (const hog of hogs) hog.kill('SIGKILL');
};
process.on('exit', stopHogs);
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    stopHogs();
    process.exit(130);
  });

console.log(`[repeat] ${files.length} files, shuffled, beside ${hogs.length} busy loop(s)`);
const result = spawnSync(
  'pnpm',
  [
    'exec',
    'vitest',
    'run',
    '--sequence.shuffle',
    '--reporter=default',
    '--reporter=json',
    '--outputFile.json=test/artifacts/vitest-repeat-report.json',
    ...files,
  ],
  { cwd: root, stdio: 'inherit' },
);
stopHogs();
process.exit(result.status ?? 1);
