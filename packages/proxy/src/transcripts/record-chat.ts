import type { TranscriptsConfig } from '../config/transcripts-config.js';
import type { Context } from '../http/context.js';
import { HttpError } from '../shared/http-error.js';
import { AnswerCapture, type CapturedAnswer, observeBody } from './answer-capture.js';
import { maskPersonalData } from './mask.js';
import { type CallRecord, callStatements, hashClientKey, writeBatch } from './transcript-store.js';

/** The request header carrying the widget's opaque conversation id. */
export const CONVERSATION_HEADER = 'X-Conversation-Id';

const CONVERSATION_ID = /^[A-Za-z0-9_.:-]{1,128}$/;

/** The conversation id a request names, if it is a well-formed one. */
export function conversationIdOf(request: Request): string | undefined {
  const id = request.headers.get(CONVERSATION_HEADER)?.trim();
  return id !== undefined && CONVERSATION_ID.test(id) ? id : undefined;
}

/** What a chat route knows about the call before it forwards it. */
export interface ChatCall {
  model: string;
  /** The request's `messages`, as parsed. */
  messages: unknown;
  cost: number;
  /** The API the answer comes from: `/v1/chat/completions` (default) or Anthropic's `/v1/messages`. */
  dialect?: 'openai' | 'anthropic';
}

/**
 * Forwards a chat call through `forward`; with transcripts on, also stores it in the transcript off the
 * request path: the answer's chunks are read as they pass to the client (nothing is held back), and when it
 * ends the call is masked and written in one D1 batch (`waitUntil`). A failed call is stored with its error code.
 */
export function recordedChat(
  c: Context,
  call: ChatCall,
  forward: () => Promise<Response>,
): Promise<Response> {
  const transcripts = c.config.transcripts;
  return transcripts === undefined ? forward() : recorded(c, transcripts, call, forward);
}

async function recorded(
  c: Context,
  transcripts: TranscriptsConfig,
  call: ChatCall,
  forward: () => Promise<Response>,
): Promise<Response> {
  const id = crypto.randomUUID();
  const base = {
    id,
    conversationId: conversationIdOf(c.request) ?? `unnamed-${id}`,
    at: c.now(),
    model: call.model,
    userMessage: lastUserMessage(call.messages),
    credits: call.cost,
  };
  const store = (answer: CapturedAnswer | undefined, errorCode: string | undefined) =>
    c.waitUntil(storeCall(transcripts, c.user ?? 'unknown', { ...base, answer, errorCode }));
  let response: Response;
  try {
    response = await forward();
  } catch (error) {
    store(undefined, error instanceof HttpError ? error.code : 'internal_error');
    throw error;
  }
  if (!response.ok || response.body === null) {
    store(undefined, response.ok ? undefined : `upstream_${response.status}`);
    return response;
  }
  const eventStream = (response.headers.get('Content-Type') ?? '')
    .toLowerCase()
    .startsWith('text/event-stream');
  const capture = new AnswerCapture(eventStream, call.dialect);
  const body = observeBody(response.body, capture, (error) =>
    store(capture.finish(), error === undefined ? undefined : 'stream_interrupted'),
  );
  return new Response(body, response);
}

async function storeCall(
  transcripts: TranscriptsConfig,
  clientKey: string,
  call: Omit<CallRecord, 'clientHash'>,
): Promise<void> {
  const clientHash = await hashClientKey(transcripts.adminToken, clientKey);
  await writeBatch(transcripts.db, callStatements(transcripts.db, { ...call, clientHash }), 'call');
}

/** The visitor's new message (masked): the last message, when it is the user's. */
export function lastUserMessage(messages: unknown): string | undefined {
  if (!Array.isArray(messages) || messages.length === 0) return undefined;
  const last: unknown = messages[messages.length - 1];
  if (typeof last !== 'object' || last === null) return undefined;
  const { role, content } = last as { role?: unknown; content?: unknown };
  if (role !== 'user') return undefined;
  const text =
    typeof content === 'string'
      ? content
      : Array.isArray(content)
        ? content
            .map((part: unknown) =>
              typeof part === 'object' &&
              part !== null &&
              typeof (part as { text?: unknown }).text === 'string'
                ? (part as { text: string }).text
                : '',
            )
            .filter((part) => part !== '')
            .join('\n')
        : '';
  return maskPersonalData(text.slice(0, 32_000));
}
