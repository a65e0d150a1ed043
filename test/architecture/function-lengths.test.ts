import { existsSync, readdirSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { functionLengths } from './function-lengths.ts';
import { repoRoot } from './import-graph.ts';

describe('every package reads as steps', () => {
  // Every packages/*/src, nothing excluded: the one generated source (core's rag/kernel/dot-kernel.wasm.ts,
  // a base64 string) and the style sheets (css`` literals) hold no functions, so they cannot count.
  it('no function in packages/*/src is over 80 lines', () => {
    const packages = readdirSync(join(repoRoot, 'packages')).filter((name) =>
      existsSync(join(repoRoot, 'packages', name, 'src')),
    );
    expect(packages).toEqual(expect.arrayContaining(['core', 'proxy', 'widget']));
    const all = packages
      .flatMap((name) => functionLengths(join(repoRoot, 'packages', name, 'src'), repoRoot))
      .sort((a, b) => b.lines - a.lines);
    console.log(
      `longest functions in packages/*/src: ${all
        .slice(0, 3)
        .map((f) => `${f.where} (${f.lines})`)
        .join(', ')}`,
    );
    expect(all.filter((f) => f.lines > 80)).toEqual([]);
  });

  it('measures a function it is given', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'lengths-'));
    try {
      await writeFile(
        join(dir, 'a.ts'),
        'export function five() {\n  const a = 1;\n  const b = 2;\n  return a + b;\n}\n',
      );
      expect(functionLengths(dir, dir)).toEqual([{ where: 'a.ts:1 five', lines: 5 }]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
