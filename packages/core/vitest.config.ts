import { defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';
import { sourceConditions } from '../../vitest.shared.ts';

/** Core unit tests in Node; `*.browser.test.ts` and `*.no-webgpu.test.ts` files run in Chromium (their own configs). */
export default defineConfig({
  ...sourceConditions,
  // Resolve packages as Node does (no bundler-only "module" builds): @opentelemetry/api's imports files
  // without extensions there, which Node's ESM loader refuses.
  ssr: {
    resolve: {
      conditions: ['@agent-chat/source', ...defaultServerConditions.filter((c) => c !== 'module')],
    },
  },
  test: {
    name: 'core',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    exclude: ['src/**/*.browser.test.ts', 'src/**/*.no-webgpu.test.ts'],
    // CI machines have 2 cores shared by every project: tests that are quick alone (WASM compiles, thousands
    // of parses) can take seconds there. Timeouts catch hangs, not slowness; benchmarks measure speed.
    testTimeout: 30_000,
  },
});
