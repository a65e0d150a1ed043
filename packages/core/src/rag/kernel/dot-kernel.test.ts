import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a Node script outside the package's compiled sources
import { compileKernel, KERNEL_MODULE, kernelModuleText } from '../../../scripts/build-rag-kernel.ts';

describe('dot-kernel.wasm.ts', () => {
  it('matches a fresh AssemblyScript compile of assembly/dot-kernel.ts', async () => {
    const fresh = kernelModuleText(await compileKernel());
    expect(readFileSync(KERNEL_MODULE, 'utf8'), 'run: node packages/core/scripts/build-rag-kernel.ts').toBe(
      fresh,
    );
  }, 30_000);
});
