import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { buildWidget } from '../../scripts/lib/widget-build.ts';
import type { BenchContext } from '../lib/benchmark.ts';

/**
 * The widget's script-tag build, packages/widget/dist/agent-chat.js, rebuilt with `vite build` first when
 * it is missing or older than the widget's or the core's sources. Undefined (with a skip message) when the
 * widget package cannot be built yet.
 */
export function widgetScriptTag(context: BenchContext): Uint8Array | undefined {
  const widget = join(context.root, 'packages/widget');
  const dist = join(widget, 'dist/agent-chat.js');
  if (!existsSync(join(widget, 'vite.config.ts'))) {
    context.skip(
      'packages/widget/vite.config.ts does not exist yet, so there is no script-tag build to measure.',
    );
    return undefined;
  }
  const inputs = [
    join(widget, 'src'),
    join(widget, 'vite.config.ts'),
    join(widget, 'package.json'),
    join(context.root, 'packages/core/src'),
    join(context.root, 'packages/core/package.json'),
  ];
  const newest = Math.max(...inputs.map(newestMtime));
  if (!existsSync(dist) || statSync(dist).mtimeMs < newest) {
    context.log(
      `${existsSync(dist) ? 'packages/widget/dist is older than its sources' : 'no widget build yet'}: vite build…`,
    );
    buildWidget();
  }
  return readFileSync(dist);
}

/** Latest modification time of a file, or of any non-test file below a folder (0 when absent). */
function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path, { recursive: true, withFileTypes: true })) {
    if (entry.isFile() && !entry.name.endsWith('.test.ts'))
      newest = Math.max(newest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}
