import type { Handler } from '../http/context.js';
import { HttpError } from '../shared/http-error.js';
import { jsonResponse } from '../shared/json-response.js';
import { maskPersonalData } from './mask.js';
import { hashClientKey, writeBatch } from './transcript-store.js';

const CONVERSATION_ID = /^[A-Za-z0-9_.:-]{1,128}$/;

/** `GET /v1/transcripts`: whether conversations are stored, so the widget can tell the visitor. */
export const transcriptsStatus: Handler = async (c) =>
  jsonResponse({ transcripts: c.config.transcripts === undefined ? 'off' : 'on' });

/**
 * `POST /v1/transcripts/feedback` `{ conversationId, messageId?, rating: "up" | "down", comment? }`:
 * the widget's feedback, stored (comment masked) off the request path; nothing when transcripts are off.
 */
export const transcriptFeedback: Handler = async (c) => {
  const transcripts = c.config.transcripts;
  const body = parseFeedback(c.body ?? new Uint8Array(0));
  if (transcripts !== undefined) {
    // One row per rated answer: the rating counts at its click, and a comment sent later (the same rating
    // again, with the comment) replaces that row. A rating without a comment that arrives after its own
    // commented row (requests may land out of order) keeps the comment.
    const db = transcripts.db;
    const args = [body.conversationId, body.messageId, c.now(), body.rating, maskPersonalData(body.comment)];
    const kept =
      "?2 <> '' AND ?5 = '' AND EXISTS (SELECT 1 FROM feedback WHERE conversation_id = ?1 AND message_id = ?2 AND rating = ?4 AND comment <> '')";
    const statements = [
      db
        .prepare(
          `DELETE FROM feedback WHERE ?2 <> '' AND conversation_id = ?1 AND message_id = ?2 AND NOT (${kept})`,
        )
        .bind(...args),
      db
        .prepare(
          `INSERT INTO feedback (conversation_id, message_id, created_at, rating, comment) SELECT ?1, ?2, ?3, ?4, ?5 WHERE NOT (${kept})`,
        )
        .bind(...args),
    ];
    c.waitUntil(writeBatch(db, statements, 'feedback'));
  }
  return new Response(null, { status: 204 });
};

/**
 * `DELETE /v1/transcripts/conversations/:id`: the visitor deleted the conversation in the widget, so
 * it goes from D1 too — only when it was stored for the same client.
 */
export const deleteTranscript: Handler = async (c) => {
  const transcripts = c.config.transcripts;
  const id = decodeURIComponent(c.params.id ?? '');
  if (!CONVERSATION_ID.test(id))
    throw new HttpError(400, 'invalid_request', 'The conversation id is malformed.');
  if (transcripts === undefined) return new Response(null, { status: 204 });
  const db = transcripts.db;
  const owner = await hashClientKey(transcripts.adminToken, c.user ?? 'unknown');
  const owned = 'EXISTS (SELECT 1 FROM conversations WHERE id = ?1 AND client_hash = ?2)';
  await db.batch([
    db.prepare(`DELETE FROM messages WHERE conversation_id = ?1 AND ${owned}`).bind(id, owner),
    db.prepare(`DELETE FROM calls WHERE conversation_id = ?1 AND ${owned}`).bind(id, owner),
    db.prepare(`DELETE FROM feedback WHERE conversation_id = ?1 AND ${owned}`).bind(id, owner),
    db.prepare('DELETE FROM conversations WHERE id = ?1 AND client_hash = ?2').bind(id, owner),
  ]);
  return new Response(null, { status: 204 });
};

interface Feedback {
  conversationId: string;
  messageId: string;
  rating: 'up' | 'down';
  comment: string;
}

function parseFeedback(bytes: Uint8Array): Feedback {
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    value = undefined;
  }
  const body = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  const { conversationId, messageId, rating, comment } = body;
  if (
    typeof conversationId !== 'string' ||
    !CONVERSATION_ID.test(conversationId) ||
    (rating !== 'up' && rating !== 'down') ||
    (messageId !== undefined && typeof messageId !== 'string') ||
    (comment !== undefined && typeof comment !== 'string')
  ) {
    throw new HttpError(
      400,
      'invalid_request',
      'Feedback is `{ "conversationId": "…", "messageId"?: "…", "rating": "up" | "down", "comment"?: "…" }`.',
    );
  }
  return {
    conversationId,
    messageId: (messageId ?? '').slice(0, 200),
    rating,
    comment: (comment ?? '').slice(0, 4000),
  };
}
