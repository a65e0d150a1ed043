import { defineConfig } from 'vitest/config';
import { pyodideFiles } from '../../scripts/lib/pyodide-files.ts';
import { siteProbe } from '../../scripts/lib/site-probe.ts';
import { chromiumBrowserMode, sourceConditions } from '../../vitest.shared.ts';

/** Core tests that need a real browser: IndexedDB, Web Workers, WASM, WebGPU (SwiftShader). */
export default defineConfig({
  ...sourceConditions,
  // The Python interpreter's tests read Pyodide's runtime files at /pyodide/, as a site would serve them,
  // and count what reaches the site's /site-probe/ endpoint from sandboxed code.
  plugins: [pyodideFiles(), siteProbe()],
  // Pre-bundled up front: discovering web-llm (6.8 MB) mid-run would make Vite reload the test page.
  optimizeDeps: {
    include: [
      '@mlc-ai/web-llm',
      '@cfworker/json-schema',
      'idb',
      'minisearch',
      'stemmer',
      'zod',
      '@toon-format/toon',
      'ai',
    ],
  },
  test: {
    name: 'core-browser',
    include: ['src/**/*.browser.test.ts'],
    passWithNoTests: true,
    setupFiles: ['src/test/track-indexeddb.setup.ts'],
    browser: chromiumBrowserMode(['--enable-unsafe-webgpu']),
  },
});
