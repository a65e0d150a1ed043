import { defineConfig } from 'vitest/config';

// Checks over bench/results (fast: no benchmark runs here).
export default defineConfig({
  test: {
    name: 'bench',
    environment: 'node',
    include: ['lib/**/*.test.ts'],
  },
});
