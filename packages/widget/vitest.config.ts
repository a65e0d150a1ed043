import { defineConfig } from 'vitest/config';
import { chromiumBrowserMode, sourceConditions } from '../../vitest.shared.ts';
import { diagramFrameForTests } from './scripts/diagram-frame.ts';

/** The widget's tests run in real Chromium. */
export default defineConfig({
  ...sourceConditions,
  // The diagram frame's page, for diagram.test.ts (built on its first request).
  plugins: [diagramFrameForTests()],
  // Pre-bundled up front: discovered mid-run, they make Vite reload the page under a running test.
  optimizeDeps: {
    include: [
      'axe-core',
      '@speed-highlight/core',
      // The highlighter's grammars, each loaded with its first code block (code-tokenizer.ts).
      '@speed-highlight/core/languages/*.js',
      '@cfworker/json-schema',
      '@modelcontextprotocol/ext-apps/app-bridge',
      'lit/directives/style-map.js',
      'react',
      'react-dom/client',
      '@lit/react',
      // CommonJS, imported by the lazy tool views chunk (view-props.ts).
      'partial-json',
    ],
  },
  test: {
    name: 'widget',
    include: ['src/**/*.test.ts'],
    // Browser tests that read a PDF or load an embedder take up to 9 s on a quiet machine; vitest's 15 s
    // browser default leaves too little room on a busy 2-core CI runner. Only how long a stuck test may hang.
    testTimeout: 30_000,
    setupFiles: ['src/test/cleanup.ts'],
    browser: chromiumBrowserMode(),
  },
});
