import { checkSigningSecrets } from './signing-secrets.js';

/** `TRANSCRIPTS_RETENTION_DAYS` when unset. */
export const DEFAULT_TRANSCRIPTS_RETENTION_DAYS = 30;

/** The owner's view (issue 43): where transcripts go and how long they are kept. */
export interface TranscriptsConfig {
  /** The D1 database bound as `TRANSCRIPTS_DB`. */
  db: D1Database;
  /** Days a conversation, its calls and its feedback are kept (`TRANSCRIPTS_RETENTION_DAYS`). */
  retentionDays: number;
  /** `ADMIN_TOKEN`: the dashboard's sign-in, and the key client keys are hashed with. */
  adminToken: string;
}

/** The settings of the owner's view as parsed by the env schema. */
export interface TranscriptsSettings {
  TRANSCRIPTS?: 'on' | 'off' | undefined;
  TRANSCRIPTS_RETENTION_DAYS?: number | undefined;
  ADMIN_TOKEN?: string | undefined;
}

const MIGRATE =
  'create and migrate it: `wrangler d1 create agent-chat-transcripts`, add it to wrangler.jsonc "d1_databases" as TRANSCRIPTS_DB with "migrations_dir": "migrations", then `wrangler d1 migrations apply TRANSCRIPTS_DB --remote`';

/**
 * Cross-field checks of the owner's view; adds a problem (the proxy then refuses to serve) naming the
 * setting. Transcripts are off unless `TRANSCRIPTS="on"`; on, they need the D1 binding and an
 * `ADMIN_TOKEN` of at least 32 characters (the dashboard would otherwise be unreadable, or guessable).
 */
export function transcriptsConfig(
  binding: unknown,
  parsed: TranscriptsSettings,
  problems: string[],
): TranscriptsConfig | undefined {
  checkSigningSecrets({ ADMIN_TOKEN: parsed.ADMIN_TOKEN }, problems);
  if (parsed.TRANSCRIPTS !== 'on') return undefined;
  const db = isD1(binding) ? binding : undefined;
  if (db === undefined) {
    problems.push(`TRANSCRIPTS_DB (D1 binding) is missing but TRANSCRIPTS is "on": ${MIGRATE}`);
  }
  if (parsed.ADMIN_TOKEN === undefined) {
    problems.push(
      'ADMIN_TOKEN is not set but TRANSCRIPTS is "on": the dashboard at /admin needs it (`openssl rand -base64 32 | wrangler secret put ADMIN_TOKEN`)',
    );
  }
  if (db === undefined || parsed.ADMIN_TOKEN === undefined) return undefined;
  return {
    db,
    retentionDays: parsed.TRANSCRIPTS_RETENTION_DAYS ?? DEFAULT_TRANSCRIPTS_RETENTION_DAYS,
    adminToken: parsed.ADMIN_TOKEN,
  };
}

function isD1(value: unknown): value is D1Database {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { prepare?: unknown }).prepare === 'function' &&
    typeof (value as { batch?: unknown }).batch === 'function'
  );
}
