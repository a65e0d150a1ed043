import { describe, expect, it } from 'vitest';
import {
  ALLOWED_ORIGIN,
  callProxy,
  chatRequest,
  PROXY,
  proxyRequest,
  stubUpstream,
  TEST_KEY,
  testEnv,
} from '../../test/harness';

const ANTHROPIC_KEY = 'sk-ant-test-31c9a7e0';
const GROQ_KEY = 'gsk-test-55aa01';

function messagesRequest(body: unknown, headers: Record<string, string> = {}): Request {
  return new Request(`${PROXY}/v1/messages`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: ALLOWED_ORIGIN, ...headers },
    body: JSON.stringify(body),
  });
}

const multiEnv = (overrides: Record<string, unknown> = {}) =>
  testEnv({
    ANTHROPIC_API_KEY: ANTHROPIC_KEY,
    UPSTREAMS: JSON.stringify({
      groq: { baseUrl: 'http://groq.test/openai/v1/', apiKeySecret: 'GROQ_API_KEY' },
    }),
    GROQ_API_KEY: GROQ_KEY,
    MODELS: 'gpt-test, llama-3.1-8b=groq, claude-test=anthropic',
    ...overrides,
  });

describe('POST /v1/messages (Anthropic)', () => {
  it('sends the key as x-api-key with a default anthropic-version, never the client’s key', async () => {
    const upstream = stubUpstream(() => Response.json({ id: 'msg_1', type: 'message' }));
    const body = { model: 'claude-test', max_tokens: 100, messages: [{ role: 'user', content: 'hi' }] };

    const response = await callProxy(
      messagesRequest(body, {
        'x-api-key': 'client-key',
        Authorization: 'Bearer client',
        'anthropic-beta': 'b1',
      }),
      multiEnv({ ANTHROPIC_BETAS: 'b1,b2' }),
    );

    expect(response.status).toBe(200);
    const sent = upstream.requests[0]!;
    expect(sent.url).toBe('https://api.anthropic.com/v1/messages');
    expect(sent.headers.get('x-api-key')).toBe(ANTHROPIC_KEY);
    expect(sent.headers.get('anthropic-version')).toBe('2023-06-01');
    expect(sent.headers.get('anthropic-beta')).toBe('b1');
    expect(sent.headers.get('Authorization')).toBeNull();
    expect(await sent.json()).toEqual(body);
  });

  it('answers 404 naming ANTHROPIC_API_KEY when no Anthropic upstream is configured', async () => {
    const upstream = stubUpstream(() => Response.json({}));

    const response = await callProxy(
      messagesRequest({ model: 'claude-test', messages: [] }),
      testEnv({ MODELS: 'claude-test' }),
    );

    expect(response.status).toBe(404);
    expect(((await response.json()) as { error: { message: string } }).error.message).toContain(
      'ANTHROPIC_API_KEY',
    );
    expect(upstream.spy).not.toHaveBeenCalled();
  });

  it('refuses an OpenAI model on the Anthropic route and vice versa', async () => {
    const upstream = stubUpstream(() => Response.json({}));

    const wrongRoute = await callProxy(messagesRequest({ model: 'llama-3.1-8b', messages: [] }), multiEnv());
    const wrongChat = await callProxy(
      chatRequest({ body: JSON.stringify({ model: 'claude-test', messages: [] }) }),
      multiEnv(),
    );

    expect(wrongRoute.status).toBe(400);
    expect(wrongChat.status).toBe(400);
    expect(await wrongChat.json()).toMatchObject({
      error: { code: 'wrong_api', message: expect.stringContaining('/v1/messages') },
    });
    expect(upstream.spy).not.toHaveBeenCalled();
  });
});

describe('named upstreams, model allowlist and max_tokens clamp', () => {
  it('routes each allowlisted model to its upstream with that upstream’s key', async () => {
    const upstream = stubUpstream(() => Response.json({ id: 'x' }));

    await callProxy(
      chatRequest({ body: JSON.stringify({ model: 'llama-3.1-8b', messages: [] }) }),
      multiEnv(),
    );
    await callProxy(chatRequest({ body: JSON.stringify({ model: 'gpt-test', messages: [] }) }), multiEnv());

    expect(upstream.requests.map((r) => r.url)).toEqual([
      'http://groq.test/openai/v1/chat/completions',
      'http://upstream.test/v1/chat/completions',
    ]);
    expect(upstream.requests.map((r) => r.headers.get('Authorization'))).toEqual([
      `Bearer ${GROQ_KEY}`,
      `Bearer ${TEST_KEY}`,
    ]);
  });

  it('clamps max_tokens and max_completion_tokens to MAX_TOKENS and sets one when absent', async () => {
    const upstream = stubUpstream(() => Response.json({ id: 'x' }));
    const env = multiEnv({ MAX_TOKENS: '256' });
    const send = (body: Record<string, unknown>) =>
      callProxy(chatRequest({ body: JSON.stringify({ model: 'gpt-test', messages: [], ...body }) }), env);

    await send({ max_tokens: 100_000 });
    await send({ max_completion_tokens: 9999, max_tokens: 10 });
    await send({});
    await callProxy(messagesRequest({ model: 'claude-test', max_tokens: 4096, messages: [] }), env);

    const sent = await Promise.all(
      upstream.requests.map((r) => r.json() as Promise<Record<string, unknown>>),
    );
    expect(sent[0]).toMatchObject({ max_tokens: 256 });
    expect(sent[1]).toMatchObject({ max_completion_tokens: 256, max_tokens: 10 });
    expect(sent[2]).toMatchObject({ max_tokens: 256 });
    expect(sent[3]).toMatchObject({ max_tokens: 256 });
  });

  it('lists exactly the allowlisted models on GET /v1/models without calling an upstream', async () => {
    const upstream = stubUpstream(() => Response.json({}));

    const response = await callProxy(proxyRequest('/v1/models'), multiEnv());

    expect(response.status).toBe(200);
    const list = (await response.json()) as { object: string; data: { id: string; owned_by: string }[] };
    expect(list.object).toBe('list');
    expect(list.data.map((m) => [m.id, m.owned_by])).toEqual([
      ['gpt-test', 'default'],
      ['llama-3.1-8b', 'groq'],
      ['claude-test', 'anthropic'],
    ]);
    expect(upstream.spy).not.toHaveBeenCalled();
  });

  it('forwards GET /v1/models to the default upstream with ALLOW_ANY_MODEL=true', async () => {
    const upstream = stubUpstream(() => Response.json({ object: 'list', data: [{ id: 'upstream-model' }] }));

    const response = await callProxy(
      proxyRequest('/v1/models'),
      testEnv({ MODELS: undefined, ALLOW_ANY_MODEL: 'true' }),
    );

    expect(await response.json()).toMatchObject({ data: [{ id: 'upstream-model' }] });
    expect(upstream.requests[0]!.url).toBe('http://upstream.test/v1/models');
    expect(upstream.requests[0]!.method).toBe('GET');
  });
});
