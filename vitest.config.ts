import { defineConfig } from 'vitest/config';

// All test projects; `pnpm test` runs them after typecheck and lint. The JSON report feeds .ci/run's summary line.
export default defineConfig({
  test: {
    projects: [
      'packages/core/vitest.config.ts',
      'packages/core/vitest.browser.config.ts',
      'packages/core/vitest.browser-no-webgpu.config.ts',
      'packages/widget',
      'packages/proxy',
      'test',
      'test/consumers',
      'bench',
    ],
    reporters: ['default', ['json', { outputFile: 'test/artifacts/vitest-report.json' }]],
  },
});
