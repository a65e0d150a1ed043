import { defineConfig } from 'vitest/config';
import { sourceConditions } from '../vitest.shared.ts';

// Checks over bench/results (fast: no benchmark runs here).
export default defineConfig({
  ...sourceConditions,
  test: {
    name: 'bench',
    environment: 'node',
    include: ['**/*.test.ts'],
    exclude: ['node_modules/**', 'results/**'],
  },
});
