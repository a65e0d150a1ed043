import { defineConfig } from 'vite';
import { sourceConditions } from '../../vitest.shared.ts';

// Reads @agent-chat/core from source (no build step needed in the monorepo); outside it, drop this line.
export default defineConfig({ ...sourceConditions, server: { host: '127.0.0.1' } });
