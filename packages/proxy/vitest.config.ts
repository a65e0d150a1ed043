import { fileURLToPath } from 'node:url';
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin';
import { defineConfig } from 'vitest/config';

// Tests run inside workerd. The wrangler config supplies `main` and the compatibility date; the
// bindings below replace its placeholder vars so the `exports.default` integration test has a
// known config. Absolute path so the root config can list this package as a project.
// Transcript tests migrate TRANSCRIPTS_DB with the shipped migrations; UNMIGRATED_DB stays empty.
const migrations = await readD1Migrations(fileURLToPath(new URL('./migrations', import.meta.url)));

export default defineConfig({
  plugins: [
    cloudflareTest({
      wrangler: { configPath: fileURLToPath(new URL('./wrangler.jsonc', import.meta.url)) },
      miniflare: {
        d1Databases: ['TRANSCRIPTS_DB', 'UNMIGRATED_DB'],
        bindings: {
          TEST_MIGRATIONS: migrations,
          ALLOWED_ORIGINS: 'http://app.test',
          UPSTREAM_BASE_URL: 'http://upstream.test/v1',
          UPSTREAM_API_KEY: 'sk-binding-test-key-0000',
        },
      },
    }),
  ],
  test: {
    name: 'proxy',
    include: ['src/**/*.test.ts'],
    // The load tests (hundreds of concurrent requests through several isolates) take seconds on a quiet
    // machine and more on a busy 2-core CI runner: vitest's 5 s default failed one there. Tests wait for
    // states, never for time; this is only how long a stuck test may hang.
    testTimeout: 30_000,
    // Spies and stubbed fetches go back to the real ones before every test (one cleanup for all files).
    restoreMocks: true,
    // Every request writes a log line; show them only for failing tests.
    silent: 'passed-only',
  },
});
