import type { CapturedAnswer } from './answer-capture.js';
import { maskPersonalData } from './mask.js';

/** One model call of a conversation as it is stored (texts already masked). */
export interface CallRecord {
  id: string;
  conversationId: string;
  clientHash: string;
  at: number;
  model: string;
  /** The visitor's new message, when the call was made for one (not for a tool result). */
  userMessage: string | undefined;
  answer: CapturedAnswer | undefined;
  credits: number;
  /** The error code when the call failed (`upstream_502`, `rate_limited`, …). */
  errorCode: string | undefined;
}

/** Attempts of one batch before it is given up (and logged as lost). */
export const WRITE_ATTEMPTS = 4;

/** The statements that store one call: its conversation, its messages and the call itself, as one batch. */
export function callStatements(db: D1Database, call: CallRecord): D1PreparedStatement[] {
  const title = (call.userMessage ?? '').slice(0, 120);
  const statements = [
    db
      .prepare(
        `INSERT INTO conversations (id, client_hash, title, created_at, updated_at) VALUES (?1, ?2, ?3, ?4, ?4)
         ON CONFLICT (id) DO UPDATE SET updated_at = max(updated_at, excluded.updated_at),
           title = CASE WHEN title = '' THEN excluded.title ELSE title END`,
      )
      .bind(call.conversationId, call.clientHash, title, call.at),
  ];
  const message = (role: string, content: string, at: number) =>
    db
      .prepare(
        'INSERT INTO messages (conversation_id, call_id, created_at, role, content) VALUES (?1, ?2, ?3, ?4, ?5)',
      )
      .bind(call.conversationId, call.id, at, role, content);
  if (call.userMessage !== undefined) statements.push(message('user', call.userMessage, call.at));
  const answer = call.answer;
  if (answer !== undefined && answer.text !== '') {
    statements.push(message('assistant', maskPersonalData(answer.text), call.at + 1));
  }
  statements.push(
    db
      .prepare(
        `INSERT INTO calls (id, conversation_id, created_at, model, input_tokens, output_tokens, credits, tool_calls, finish_reason, error_code)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)`,
      )
      .bind(
        call.id,
        call.conversationId,
        call.at,
        answer?.model ?? call.model,
        answer?.inputTokens ?? 0,
        answer?.outputTokens ?? 0,
        call.credits,
        JSON.stringify(answer?.toolCalls ?? []),
        answer?.finishReason ?? null,
        call.errorCode ?? null,
      ),
  );
  return statements;
}

/**
 * Writes `statements` as one D1 batch (one round trip, all or nothing), retrying with backoff; a batch
 * that still fails is logged (what and why, never the content) and dropped. Never throws: it runs
 * after the answer (`waitUntil`), and a transcript must never fail the visitor's chat.
 */
export async function writeBatch(
  db: D1Database,
  statements: D1PreparedStatement[],
  what: string,
  delay: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<boolean> {
  for (let attempt = 1; attempt <= WRITE_ATTEMPTS; attempt++) {
    try {
      await db.batch(statements);
      return true;
    } catch (error) {
      const last = attempt === WRITE_ATTEMPTS;
      console.warn(
        JSON.stringify({
          level: last ? 'error' : 'warn',
          msg: last ? 'transcript_write_lost' : 'transcript_write_retry',
          what,
          attempt,
          detail:
            error instanceof Error
              ? `${error.name}: ${error.message}`.slice(0, 300)
              : 'non-error value thrown',
        }),
      );
      if (!last) await delay(50 * 4 ** (attempt - 1));
    }
  }
  return false;
}

const hashKeys = new Map<string, Promise<CryptoKey>>();

/** An HMAC of the client key under `ADMIN_TOKEN`: the same client groups together, its address is never stored. */
export async function hashClientKey(adminToken: string, clientKey: string): Promise<string> {
  const encoder = new TextEncoder();
  let key = hashKeys.get(adminToken);
  if (key === undefined) {
    key = crypto.subtle.importKey(
      'raw',
      encoder.encode(adminToken),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign'],
    );
    hashKeys.set(adminToken, key);
  }
  const mac = new Uint8Array(
    await crypto.subtle.sign('HMAC', await key, encoder.encode(`client:${clientKey}`)),
  );
  return [...mac.slice(0, 16)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}
