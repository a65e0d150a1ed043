// Test support for the owner's view: a migrated, emptied TRANSCRIPTS_DB and an env with transcripts on.
import { applyD1Migrations, env as bindings } from 'cloudflare:test';
import type { ProxyEnv } from '../src/config/proxy-env';
import { testEnv } from './harness';

/** An ADMIN_TOKEN long enough to be accepted. */
export const ADMIN_TOKEN = 'admin-token-for-tests-0123456789abcdef';

/** The migrated test database, emptied. */
export async function freshTranscriptsDb(): Promise<D1Database> {
  const db = bindings.TRANSCRIPTS_DB;
  await applyD1Migrations(db, bindings.TEST_MIGRATIONS);
  await db.batch(
    ['conversations', 'messages', 'calls', 'feedback'].map((table) => db.prepare(`DELETE FROM ${table}`)),
  );
  return db;
}

/** {@link testEnv} with transcripts on in `db`. */
export function transcriptsEnv(db: D1Database, overrides: Record<string, unknown> = {}): ProxyEnv {
  return testEnv({ TRANSCRIPTS: 'on', TRANSCRIPTS_DB: db, ADMIN_TOKEN, ...overrides });
}

/** Rows of `table`, for assertions. */
export async function rows(db: D1Database, table: string): Promise<Record<string, unknown>[]> {
  return (await db.prepare(`SELECT * FROM ${table}`).all<Record<string, unknown>>()).results;
}
