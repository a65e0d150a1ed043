// Global setup of the consumer tests: builds the three packages (`pnpm build`) and packs them with
// `pnpm pack` (which turns `workspace:*` into versions) into one temporary folder, shared by every file.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';

export const root = resolve(import.meta.dirname, '../..');
export const PACKAGES = ['core', 'widget', 'proxy'] as const;
export type PackageName = (typeof PACKAGES)[number];

declare module 'vitest' {
  export interface ProvidedContext {
    /** Path of each package's tarball. */
    tarballs: Record<PackageName, string>;
  }
}

export default function setup(project: TestProject) {
  const started = Date.now();
  const out = mkdtempSync(join(tmpdir(), 'agent-chat-tarballs-'));
  // Vitest sets NODE_ENV=test, which would make the widget bundle Lit's development build.
  const env = { ...process.env, NODE_ENV: 'production' };
  try {
    execFileSync('pnpm', ['build'], { cwd: root, stdio: 'pipe', env, maxBuffer: 64 * 1024 * 1024 });
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: Buffer; stderr?: Buffer };
    throw new Error(`pnpm build failed:\n${String(stdout).slice(-4000)}\n${String(stderr).slice(-4000)}`);
  }
  const tarballs = {} as Record<PackageName, string>;
  for (const name of PACKAGES) {
    execFileSync('pnpm', ['pack', '--pack-destination', out], {
      cwd: join(root, 'packages', name),
      stdio: 'ignore',
    });
    const file = readdirSync(out).find((f) => f.startsWith(`agent-chat-${name}-`));
    if (!file) throw new Error(`pnpm pack wrote no tarball for ${name}`);
    tarballs[name] = join(out, file);
  }
  project.provide('tarballs', tarballs);
  console.log(`[consumers] built and packed the packages in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return () => rmSync(out, { recursive: true, force: true });
}
