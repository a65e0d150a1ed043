import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { functionLengths } from './function-lengths.ts';
import { repoRoot } from './import-graph.ts';

describe('the agent loop reads as steps', () => {
  it('no function in packages/core/src/agent/ is over 80 lines', () => {
    const all = functionLengths(join(repoRoot, 'packages/core/src/agent'), repoRoot);
    console.log(
      `longest functions in core/src/agent: ${all
        .slice(0, 3)
        .map((f) => `${f.where} (${f.lines})`)
        .join(', ')}`,
    );
    expect(all.filter((f) => f.lines > 80)).toEqual([]);
  });

  it('no function in packages/proxy/src is over 80 lines', () => {
    const all = functionLengths(join(repoRoot, 'packages/proxy/src'), repoRoot);
    console.log(
      `longest functions in proxy/src: ${all
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
