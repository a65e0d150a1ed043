import type { IncomingMessage } from 'node:http';

/** The whole body of a request, as UTF-8 text. */
export async function requestText(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
