import { defineConfig } from 'vitest/config';
import { chromiumBrowserMode, sourceConditions } from '../../vitest.shared.ts';

/** The widget's tests run in real Chromium. */
export default defineConfig({
  ...sourceConditions,
  test: {
    name: 'widget',
    include: ['src/**/*.test.ts'],
    browser: chromiumBrowserMode(),
  },
});
