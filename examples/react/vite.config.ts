import { defineConfig } from 'vite';
import { sourceConditions } from '../../vitest.shared.ts';

// Reads @agent-chat/widget from source (no build step needed in the monorepo); outside it, drop the spread.
// No React plugin is needed to build: Vite compiles the JSX (automatic runtime).
export default defineConfig({
  ...sourceConditions,
  oxc: { jsx: { runtime: 'automatic' } },
  server: { host: '127.0.0.1' },
});
