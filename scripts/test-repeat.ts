// `pnpm test:repeat`: runs the files listed in .ci/timing-sensitive-tests once more, in shuffled order,
// with their own JSON report (test/artifacts/vitest-repeat-report.json) for .ci/run's summary line.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const files = readFileSync(join(root, '.ci', 'timing-sensitive-tests'), 'utf8')
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line && !line.startsWith('#'));
const missing = files.filter((file) => !existsSync(join(root, file)));
if (missing.length > 0) {
  console.error(`.ci/timing-sensitive-tests names files that do not exist: ${missing.join(', ')}`);
  process.exit(2);
}
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
process.exit(result.status ?? 1);
