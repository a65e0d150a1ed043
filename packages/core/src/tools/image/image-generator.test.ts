import { describe, expect, it } from 'vitest';
import { createAgent } from '../../agent/create-agent.js';
import { memoryStore } from '../../memory/memory-store.js';
import { collect, ofType } from '../../test/collect.js';
import { mockModel } from '../../test/mock-model.js';
import { ImageGenerationError, imageGenerator } from './image-generator.js';

const PNG = 'iVBORw0KGgo=';
const context = () => ({ signal: new AbortController().signal, toolCallId: 'c', runId: 'r' });

function fakeFetch(answer: (url: string, init?: RequestInit) => Response) {
  const calls: Array<{ url: string; body: unknown; headers: Headers }> = [];
  const doFetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    calls.push({
      url,
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
      headers: new Headers(init?.headers),
    });
    return answer(url, init);
  }) as typeof fetch;
  return { doFetch, calls };
}

describe('imageGenerator', () => {
  it('asks the images endpoint for one picture and returns it as image content (b64_json)', async () => {
    const { doFetch, calls } = fakeFetch(() => Response.json({ data: [{ b64_json: PNG }] }));
    const tool = imageGenerator({
      baseURL: 'https://proxy.test/v1/',
      model: 'gpt-image-1-mini',
      headers: async () => ({ Authorization: 'Bearer client-token' }),
      fetch: doFetch,
    });
    const output = await tool.execute({ prompt: 'a red fox' }, context());
    expect(output.content).toEqual([{ kind: 'image', data: PNG, mimeType: 'image/png', alt: 'a red fox' }]);
    expect(calls[0]).toMatchObject({
      url: 'https://proxy.test/v1/images/generations',
      body: { model: 'gpt-image-1-mini', prompt: 'a red fox', n: 1, size: '1024x1024' },
    });
    expect(calls[0]?.headers.get('authorization')).toBe('Bearer client-token');
  });

  it('downloads a url answer into bytes, since such links expire', async () => {
    const { doFetch, calls } = fakeFetch((url) =>
      url.endsWith('/generations')
        ? Response.json({ data: [{ url: 'https://files.test/fox.webp' }] })
        : new Response(new Uint8Array([1, 2, 3]), { headers: { 'content-type': 'image/webp' } }),
    );
    const tool = imageGenerator({ baseURL: 'https://proxy.test/v1', model: 'dall-e-3', fetch: doFetch });
    const output = await tool.execute({ prompt: 'fox' }, context());
    expect(output.content[0]).toEqual({
      kind: 'image',
      data: btoa('\x01\x02\x03'),
      mimeType: 'image/webp',
      alt: 'fox',
    });
    expect(calls.map((c) => c.url)).toEqual([
      'https://proxy.test/v1/images/generations',
      'https://files.test/fox.webp',
    ]);
  });

  it('turns a refused call into an error the model can act on, and the chat goes on', async () => {
    const { doFetch } = fakeFetch(() =>
      Response.json(
        { error: { code: 'credits_exhausted', message: 'Daily credits are used up.' } },
        { status: 402 },
      ),
    );
    const tool = imageGenerator({
      baseURL: 'https://proxy.test/v1',
      model: 'gpt-image-1-mini',
      fetch: doFetch,
    });
    await expect(tool.execute({ prompt: 'fox' }, context())).rejects.toBeInstanceOf(ImageGenerationError);

    const model = mockModel([
      { toolCalls: [{ id: 'img', name: 'generate_image', arguments: { prompt: 'fox' } }] },
      (request) => ({ text: `Sorry: ${String(request.messages.at(-1)?.content).slice(0, 60)}` }),
    ]);
    const agent = createAgent({ model, tools: [tool], store: memoryStore() });
    const events = await collect(agent.run({ conversationId: 'c', message: 'Draw a fox' }));
    expect(ofType(events, 'tool.error')[0]?.error).toContain('HTTP 402: Daily credits are used up.');
    expect(ofType(events, 'response.done')[0]?.text).toContain(
      'Sorry: Error: The image service answered HTTP 402',
    );
    expect(events.at(-1)).toMatchObject({ type: 'run.finish', status: 'completed' });
  });

  it('says when the answer holds no image, and refuses bad options', async () => {
    const { doFetch } = fakeFetch(() => Response.json({ data: [] }));
    const tool = imageGenerator({ baseURL: 'https://proxy.test/v1', model: 'm', fetch: doFetch });
    await expect(tool.execute({ prompt: 'x' }, context())).rejects.toThrow(/without an image/);
    expect(() => imageGenerator({ baseURL: 'not a url', model: 'm' })).toThrow(/baseURL must be a URL/);
    expect(() => imageGenerator({ baseURL: 'https://p.test/v1', model: '' })).toThrow(/model is required/);
  });
});
