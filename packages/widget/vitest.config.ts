import { playwright } from '@vitest/browser-playwright';
import { defaultClientConditions } from 'vite';
import { defineConfig } from 'vitest/config';

/** Chromium flags for a sandboxed CI machine with no network but the npm registry. */
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The widget's tests run in real Chromium (Debian's /usr/bin/chromium; Playwright's download is not used). */
export default defineConfig({
  resolve: { conditions: ['@agent-chat/source', ...defaultClientConditions] },
  test: {
    name: 'widget',
    include: ['src/**/*.test.ts'],
    browser: {
      enabled: true,
      headless: true,
      provider: playwright({
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
          args: CHROMIUM_ARGS,
        },
      }),
      instances: [{ browser: 'chromium' }],
    },
  },
});
