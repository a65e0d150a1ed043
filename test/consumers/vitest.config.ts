import { defineConfig } from 'vitest/config';

/**
 * The packages as users install them: built and packed once (pack-packages.ts), then installed with npm
 * into fresh projects in the system temp folder — outside the workspace, without the source condition.
 */
export default defineConfig({
  test: {
    name: 'consumers',
    environment: 'node',
    include: ['**/*.test.ts'],
    exclude: ['node_modules/**', 'spa-app/**'],
    globalSetup: ['./pack-packages.ts'],
    testTimeout: 120_000,
    hookTimeout: 300_000,
  },
});
