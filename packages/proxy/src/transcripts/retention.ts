import type { TranscriptsConfig } from '../config/transcripts-config.js';

const DAY_MS = 86_400_000;

/**
 * Deletes conversations not touched for `TRANSCRIPTS_RETENTION_DAYS`, with their messages, calls and
 * feedback, and any call or feedback row older than that (the cron trigger's job, `scheduled`).
 * Returns how many conversations went.
 */
export async function deleteExpired(transcripts: TranscriptsConfig, now: number): Promise<number> {
  const db = transcripts.db;
  const cutoff = now - transcripts.retentionDays * DAY_MS;
  const expired = 'SELECT id FROM conversations WHERE updated_at < ?1';
  const results = await db.batch([
    db.prepare(`DELETE FROM messages WHERE conversation_id IN (${expired}) OR created_at < ?1`).bind(cutoff),
    db.prepare(`DELETE FROM calls WHERE conversation_id IN (${expired}) OR created_at < ?1`).bind(cutoff),
    db.prepare(`DELETE FROM feedback WHERE conversation_id IN (${expired}) OR created_at < ?1`).bind(cutoff),
    db.prepare('DELETE FROM conversations WHERE updated_at < ?1').bind(cutoff),
  ]);
  return results[3]?.meta.changes ?? 0;
}
