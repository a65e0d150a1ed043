import { describe, expect, it } from 'vitest';
import { RemoteAgentContentTypeError } from '../remote-errors.js';
import { uiMessageChunks } from './ui-chunks.js';

const body = (...chunks: object[]) =>
  new Response(`${chunks.map((c) => `data: ${JSON.stringify(c)}\n\n`).join('')}data: [DONE]\n\n`).body!;

async function read(stream: ReadableStream<Uint8Array>): Promise<unknown[]> {
  const out: unknown[] = [];
  for await (const chunk of uiMessageChunks('http://agent.test/chat', stream)) out.push(chunk);
  return out;
}

describe('UI message chunks at the edge', () => {
  it('passes well-formed chunks through as sent', async () => {
    const chunks = [
      { type: 'start', messageId: 'm1' },
      { type: 'text-start', id: 't1' },
      { type: 'text-delta', id: 't1', delta: 'Hi' },
      { type: 'data-weather', data: { city: 'Paris' } },
      { type: 'finish' },
    ];
    expect(await read(body(...chunks))).toEqual(chunks);
  });

  it('a chunk field of the wrong type is a remote_wrong_content_type error naming the chunk and the field', async () => {
    const error = await read(
      body({ type: 'text-start', id: 't1' }, { type: 'text-delta', id: 't1', delta: { text: 'Hi' } }),
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RemoteAgentContentTypeError);
    expect(error).toMatchObject({ code: 'remote_wrong_content_type' });
    expect((error as Error).message).toContain(
      'its text-delta chunk has delta of type object, expected string',
    );
  });
});
