import { defineConfig } from 'vitest/config';
import { sourceConditions } from '../vitest.shared.ts';

export default defineConfig({
  ...sourceConditions,
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['**/*.test.ts'],
    globalSetup: ['e2e/widget-dist.global.ts'],
    exclude: ['node_modules/**', 'artifacts/**', 'consumers/**'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
