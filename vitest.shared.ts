import { playwright } from '@vitest/browser-playwright';
import { defaultClientConditions, defaultServerConditions, type UserConfig } from 'vite';
import type { ViteUserConfig } from 'vitest/config';
import { CHROMIUM_ARGS, chromiumPath } from './scripts/lib/chromium.ts';

/**
 * Workspace packages import each other's TypeScript source through the `@agent-chat/source` export
 * condition, so tests and dev servers need no build step. Shared by every vitest/vite config.
 */
export const sourceConditions = {
  resolve: { conditions: ['@agent-chat/source', ...defaultClientConditions] },
  ssr: { resolve: { conditions: ['@agent-chat/source', ...defaultServerConditions] } },
} satisfies UserConfig;

/**
 * Vitest browser mode in Debian's Chromium (Playwright's own browser download does not work here).
 * `extraArgs` adds flags such as `--enable-unsafe-webgpu` (a SwiftShader WebGPU adapter).
 */
export function chromiumBrowserMode(
  extraArgs: string[] = [],
): NonNullable<ViteUserConfig['test']>['browser'] {
  return {
    enabled: true,
    headless: true,
    provider: playwright({
      launchOptions: { executablePath: chromiumPath(), args: [...CHROMIUM_ARGS, ...extraArgs] },
    }),
    instances: [{ browser: 'chromium' }],
  };
}
