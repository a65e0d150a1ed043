import { defaultClientConditions, defaultServerConditions, type UserConfig } from 'vite';

/**
 * Workspace packages import each other's TypeScript source through the `@agent-chat/source` export
 * condition, so tests and dev servers need no build step. Shared by every vitest/vite config.
 */
export const sourceConditions = {
  resolve: { conditions: ['@agent-chat/source', ...defaultClientConditions] },
  ssr: { resolve: { conditions: ['@agent-chat/source', ...defaultServerConditions] } },
} satisfies UserConfig;
