/** The request header a client sends to have its model stream kept (`1`); the SDK sends it unless resume is off. */
export const RESUMABLE_HEADER = 'X-Resumable';
/** The response header naming a kept stream: the only way to find it again. */
export const STREAM_ID_HEADER = 'X-Stream-Id';

// 128 random bits, base64url: unguessable, so the id itself is never enough to find someone's stream
// (the owner check is the second lock).
const STREAM_ID = /^[A-Za-z0-9_-]{22}$/;

/** A new random stream id. */
export function newStreamId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  let text = '';
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Whether `id` has the shape of a stream id (anything else is refused before a Durable Object is named). */
export function isStreamId(id: string): boolean {
  return STREAM_ID.test(id);
}
