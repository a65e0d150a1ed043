import { describe, expect, it } from 'vitest';
import {
  callProxy,
  proxyRequest,
  stubUpstream,
  TEST_KEY,
  type TestHeaders,
  testEnv,
  UPSTREAM_BASE_URL,
} from '../../test/harness';

const IMAGE_MODEL = 'gpt-image-1-mini';
const env = (overrides: Record<string, unknown> = {}) =>
  testEnv({ MODELS: `gpt-test,${IMAGE_MODEL},dall-e-3`, ...overrides });
const generated = { created: 1, data: [{ b64_json: 'iVBORw0KGgo=' }] };

function imageRequest(body: Record<string, unknown>, headers: TestHeaders = {}) {
  return proxyRequest('/v1/images/generations', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify({ model: IMAGE_MODEL, prompt: 'a red fox', size: '1024x1024', ...body }),
  });
}

describe('POST /v1/images/generations', () => {
  it('forwards the checked request with the key and charges credits per image', async () => {
    const upstream = stubUpstream(() => Response.json(generated));
    const response = await callProxy(
      imageRequest({ n: 2 }, { 'CF-Connecting-IP': '203.0.113.81', Cookie: 'session=x' }),
      env({ MAX_IMAGES: '2', CREDIT_PRICES: '{"images": {"gpt-image-1-mini": 4}}', DAILY_CREDITS: '50' }),
    );

    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(generated);
    const sent = upstream.requests[0]!;
    expect(sent.url).toBe(`${UPSTREAM_BASE_URL}/images/generations`);
    expect(sent.headers.get('Authorization')).toBe(`Bearer ${TEST_KEY}`);
    expect(sent.headers.get('Cookie')).toBeNull();
    // gpt-image's default quality is `auto` (may be high): the proxy sets the cap.
    expect(await sent.json()).toEqual({
      model: IMAGE_MODEL,
      prompt: 'a red fox',
      size: '1024x1024',
      n: 2,
      quality: 'medium',
    });
    expect(response.headers.get('X-Credits-Cost')).toBe('8');
    expect(response.headers.get('X-Credits-Remaining')).toBe('42');
  });

  it('charges the default image price (10) per image and gives it back when the upstream fails', async () => {
    stubUpstream(() => Response.json({ error: { message: 'content policy' } }, { status: 400 }));
    const response = await callProxy(
      imageRequest({}, { 'CF-Connecting-IP': '203.0.113.82' }),
      env({ DAILY_CREDITS: '30' }),
    );
    expect(response.status).toBe(400);
    expect(response.headers.get('X-Credits-Remaining')).toBe('30');
  });

  it.each([
    ['a model off the allowlist', { model: 'gpt-image-1' }, 403, 'model_not_allowed'],
    ['a size not in IMAGE_SIZES', { size: '1536x1024' }, 400, 'size_not_allowed'],
    ['no size (the upstream would pick one)', { size: undefined }, 400, 'size_not_allowed'],
    ['more images than MAX_IMAGES', { n: 3 }, 400, 'images_not_allowed'],
    ['a streamed answer', { stream: true }, 400, 'invalid_request'],
    ['no prompt', { prompt: ' ' }, 400, 'invalid_request'],
    ['an unknown quality', { quality: 'ultra' }, 400, 'invalid_request'],
  ])('refuses %s without an upstream request', async (_, body, status, code) => {
    const upstream = stubUpstream(() => Response.json(generated));
    const response = await callProxy(imageRequest(body), env());
    expect(response.status).toBe(status);
    expect(await response.json()).toMatchObject({ error: { code } });
    expect(upstream.requests).toHaveLength(0);
  });

  it('lowers a dearer quality to MAX_IMAGE_QUALITY, in the request’s own naming', async () => {
    const upstream = stubUpstream(() => Response.json(generated));
    await callProxy(imageRequest({ quality: 'high' }), env());
    await callProxy(imageRequest({ model: 'dall-e-3', quality: 'hd' }), env());
    await callProxy(imageRequest({ quality: 'low' }), env());
    await callProxy(imageRequest({ quality: 'high' }), env({ MAX_IMAGE_QUALITY: 'high' }));
    const qualities = await Promise.all(
      upstream.requests.map(async (r) => ((await r.json()) as { quality: string }).quality),
    );
    expect(qualities).toEqual(['medium', 'standard', 'low', 'high']);
  });

  it('is refused by default: the default allowlist has one chat model', async () => {
    const upstream = stubUpstream(() => Response.json(generated));
    const response = await callProxy(imageRequest({}), testEnv({ MODELS: undefined }));
    expect(response.status).toBe(403);
    expect(upstream.requests).toHaveLength(0);
  });

  it('applies the same origin rules as chat', async () => {
    const upstream = stubUpstream(() => Response.json(generated));
    const response = await callProxy(imageRequest({}, { Origin: 'https://evil.test' }), env());
    expect(response.status).toBe(403);
    expect(upstream.requests).toHaveLength(0);
  });

  it('names a wrong image setting at startup', async () => {
    const response = await callProxy(imageRequest({}), env({ MAX_IMAGE_QUALITY: 'ultra' }));
    expect(response.status).toBe(500);
    expect(JSON.stringify(await response.json())).toContain(
      'MAX_IMAGE_QUALITY must be one of low, medium, high',
    );
  });
});
