import { defineConfig } from 'vitest/config';

// Checks over bench/results (fast: no benchmark runs here).
export default defineConfig({
  test: {
    name: 'bench',
    environment: 'node',
    include: ['**/*.test.ts'],
    exclude: ['node_modules/**', 'results/**'],
  },
});
