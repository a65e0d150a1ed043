// publint (strict) and Are the Types Wrong? on the three tarballs, as TanStack gates its packages.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { publint } from 'publint';
import { formatMessage } from 'publint/utils';
import { describe, expect, inject, it } from 'vitest';
import { PACKAGES, root } from './pack-packages.ts';

const run = promisify(execFile);

async function exitOf(bin: string, args: string[]): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [join(root, 'node_modules', bin), ...args], {
      env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
    });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const { code, stdout = '', stderr = '' } = error as { code?: number; stdout?: string; stderr?: string };
    return { code: code ?? 1, output: stdout + stderr };
  }
}

describe.each(PACKAGES)('@agent-chat/%s', (name) => {
  it('passes publint --strict', async () => {
    const tarball = readFileSync(inject('tarballs')[name]);
    const { messages, pkg } = await publint({
      pack: { tarball: tarball.buffer.slice(tarball.byteOffset, tarball.byteOffset + tarball.byteLength) },
      strict: true,
    });
    expect(messages.map((message) => formatMessage(message, pkg, { color: false }))).toEqual([]);
  });

  it('passes @arethetypeswrong/cli (ESM only: node16 and bundler resolution)', async () => {
    const { code, output } = await exitOf('@arethetypeswrong/cli/dist/index.js', [
      inject('tarballs')[name],
      '--profile',
      'esm-only',
      '--format',
      'table-flipped',
    ]);
    expect(code, output).toBe(0);
  });
});
