import type { TranscriptsConfig } from '../config/transcripts-config.js';
import { HttpError } from '../shared/http-error.js';

/** The tables `migrations/0001_transcripts.sql` creates. */
export const TRANSCRIPT_TABLES = ['conversations', 'messages', 'calls', 'feedback'] as const;

// Checked once per isolate and database: a passed check is kept, a failed one is asked again on the
// next request (so migrating fixes a running deployment without a redeploy).
const migrated = new WeakMap<D1Database, Promise<void>>();

/**
 * Refuses to serve (500 `config_invalid`, naming `TRANSCRIPTS_DB` and the command to run) while the
 * transcript tables are missing: a database that was created but never migrated would otherwise lose
 * every transcript silently.
 */
export function ensureMigrated(transcripts: TranscriptsConfig): Promise<void> {
  const db = transcripts.db;
  let check = migrated.get(db);
  if (check === undefined) {
    check = checkTables(db);
    migrated.set(db, check);
    check.catch(() => migrated.delete(db));
  }
  return check;
}

async function checkTables(db: D1Database): Promise<void> {
  const names = TRANSCRIPT_TABLES.map((name) => `'${name}'`).join(', ');
  let found: Set<string>;
  try {
    const rows = await db
      .prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name IN (${names})`)
      .all<{ name: string }>();
    found = new Set(rows.results.map((row) => row.name));
  } catch (cause) {
    throw new HttpError(
      500,
      'config_invalid',
      'The proxy is misconfigured: TRANSCRIPTS_DB could not be read; check the d1_databases binding in wrangler.jsonc.',
      { cause },
    );
  }
  const missing = TRANSCRIPT_TABLES.filter((name) => !found.has(name));
  if (missing.length > 0) {
    throw new HttpError(
      500,
      'config_invalid',
      `The proxy is misconfigured: TRANSCRIPTS_DB is not migrated (missing tables: ${missing.join(', ')}): run \`wrangler d1 migrations apply TRANSCRIPTS_DB --remote\` (or --local for wrangler dev).`,
    );
  }
}
