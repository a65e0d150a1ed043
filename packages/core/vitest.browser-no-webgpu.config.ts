import { defineConfig } from 'vitest/config';
import { chromiumBrowserMode, sourceConditions } from '../../vitest.shared.ts';

/** Core tests in Chromium without `--enable-unsafe-webgpu`: no WebGPU adapter, as on most machines without a GPU. */
export default defineConfig({
  ...sourceConditions,
  test: {
    name: 'core-browser-no-webgpu',
    include: ['src/**/*.no-webgpu.test.ts'],
    setupFiles: ['src/test/track-indexeddb.setup.ts'],
    browser: chromiumBrowserMode([]),
  },
});
