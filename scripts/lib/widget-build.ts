import { execFileSync } from 'node:child_process';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');

/**
 * Builds the widget's script-tag bundle (`agent-chat.js` + lazy chunks) with vite, in production mode —
 * Vitest sets NODE_ENV=test, which would otherwise bundle Lit's development build instead of what users get.
 * `outDir` (emptied first) lets parallel test files build without racing on packages/widget/dist.
 * Throws with vite's exit status when the build fails; vite's own message is printed above.
 */
export function buildWidget(outDir?: string): void {
  execFileSync(
    process.execPath,
    [
      join(root, 'node_modules/vite/bin/vite.js'),
      'build',
      '--logLevel',
      'warn',
      ...(outDir ? ['--outDir', outDir, '--emptyOutDir'] : []),
    ],
    { cwd: join(root, 'packages/widget'), stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } },
  );
}
