// The dashboard's reads of the transcript tables (migrations/0001_transcripts.sql). Read-only.

/** Conversations per page of the list. */
export const PAGE_SIZE = 20;
/** Most rows one export holds. */
export const EXPORT_LIMIT = 50_000;

/** Conversations newest first; `q` searches titles and messages (a plain substring, no wildcards). */
export async function listConversations(db: D1Database, q: string, page: number) {
  const pattern = `%${q.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  const where =
    q === ''
      ? ''
      : "WHERE c.title LIKE ?1 ESCAPE '\\' OR c.id IN (SELECT conversation_id FROM messages WHERE content LIKE ?1 ESCAPE '\\')";
  const rows = await db
    .prepare(
      `SELECT c.id, c.title, c.created_at AS createdAt, c.updated_at AS updatedAt,
         (SELECT count(*) FROM messages m WHERE m.conversation_id = c.id) AS messages,
         (SELECT coalesce(sum(credits), 0) FROM calls k WHERE k.conversation_id = c.id) AS credits,
         (SELECT count(*) FROM feedback f WHERE f.conversation_id = c.id AND f.rating = 'down') AS thumbsDown
       FROM conversations c ${where} ORDER BY c.updated_at DESC LIMIT ?2 OFFSET ?3`,
    )
    .bind(pattern, PAGE_SIZE + 1, page * PAGE_SIZE)
    .all();
  const more = rows.results.length > PAGE_SIZE;
  return { page, pageSize: PAGE_SIZE, more, conversations: rows.results.slice(0, PAGE_SIZE) };
}

/** One conversation with its messages, its model calls (tool-call names, usage, errors) and its feedback. */
export async function oneConversation(db: D1Database, id: string) {
  const [conversation, messages, calls, feedback] = await db.batch([
    db
      .prepare(
        'SELECT id, title, created_at AS createdAt, updated_at AS updatedAt FROM conversations WHERE id = ?1',
      )
      .bind(id),
    db
      .prepare(
        'SELECT role, content, created_at AS createdAt FROM messages WHERE conversation_id = ?1 ORDER BY created_at, id',
      )
      .bind(id),
    db
      .prepare(
        `SELECT id, created_at AS createdAt, model, input_tokens AS inputTokens, output_tokens AS outputTokens, credits,
           tool_calls AS toolCalls, finish_reason AS finishReason, error_code AS errorCode
         FROM calls WHERE conversation_id = ?1 ORDER BY created_at`,
      )
      .bind(id),
    db
      .prepare(
        'SELECT rating, comment, message_id AS messageId, created_at AS createdAt FROM feedback WHERE conversation_id = ?1',
      )
      .bind(id),
  ]);
  const found = conversation?.results[0];
  if (found === undefined) return undefined;
  return {
    ...found,
    messages: messages?.results ?? [],
    calls: ((calls?.results ?? []) as Record<string, unknown>[]).map((call) => ({
      ...call,
      toolCalls: parseNames(call.toolCalls),
    })),
    feedback: feedback?.results ?? [],
  };
}

/** Feedback, thumbs-down first, newest first within each. */
export async function listFeedback(db: D1Database) {
  const rows = await db
    .prepare(
      `SELECT f.conversation_id AS conversationId, f.message_id AS messageId, f.rating, f.comment, f.created_at AS createdAt,
         coalesce(c.title, '') AS title
       FROM feedback f LEFT JOIN conversations c ON c.id = f.conversation_id
       ORDER BY (f.rating = 'down') DESC, f.created_at DESC LIMIT 200`,
    )
    .all();
  return { feedback: rows.results };
}

/** Calls, tokens and credits per UTC day and model over the last `days` days. */
export async function usageByDay(db: D1Database, now: number, days: number) {
  const rows = await db
    .prepare(
      `SELECT date(created_at / 1000, 'unixepoch') AS day, model, count(*) AS calls,
         sum(input_tokens) AS inputTokens, sum(output_tokens) AS outputTokens, sum(credits) AS credits
       FROM calls WHERE created_at >= ?1 GROUP BY day, model ORDER BY day, model`,
    )
    .bind(now - days * 86_400_000)
    .all();
  return { days, usage: rows.results };
}

/** Failed calls by error code, most frequent first. */
export async function errorsByCode(db: D1Database) {
  const rows = await db
    .prepare(
      `SELECT error_code AS code, count(*) AS count, max(created_at) AS lastAt FROM calls
       WHERE error_code IS NOT NULL GROUP BY error_code ORDER BY count DESC`,
    )
    .all();
  return { errors: rows.results };
}

/** Every stored message (oldest conversation first) for export. */
export async function exportRows(db: D1Database) {
  const rows = await db
    .prepare(
      `SELECT m.conversation_id AS conversationId, m.created_at AS createdAt, m.role, m.content
       FROM messages m ORDER BY m.conversation_id, m.created_at, m.id LIMIT ?1`,
    )
    .bind(EXPORT_LIMIT)
    .all<{ conversationId: string; createdAt: number; role: string; content: string }>();
  return rows.results;
}

function parseNames(value: unknown): string[] {
  try {
    const parsed: unknown = JSON.parse(String(value));
    return Array.isArray(parsed) ? parsed.filter((name): name is string => typeof name === 'string') : [];
  } catch {
    return [];
  }
}
