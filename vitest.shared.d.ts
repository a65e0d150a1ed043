import type { ViteUserConfig } from 'vitest/config';
/**
 * Workspace packages import each other's TypeScript source through the `@agent-chat/source` export
 * condition, so tests and dev servers need no build step. Shared by every vitest/vite config.
 */
export declare const sourceConditions: {
  resolve: {
    conditions: string[];
  };
  ssr: {
    resolve: {
      conditions: string[];
    };
  };
};
/**
 * Vitest browser mode in Debian's Chromium (Playwright's own browser download does not work here).
 * `extraArgs` adds flags such as `--enable-unsafe-webgpu` (a SwiftShader WebGPU adapter).
 */
export declare function chromiumBrowserMode(
  extraArgs?: string[],
): NonNullable<ViteUserConfig['test']>['browser'];
