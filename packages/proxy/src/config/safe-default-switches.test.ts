// The safe defaults of issue 17 are switched off only by a setting named for it, and a default model
// is one the operator named. Each test uses the README's three settings plus what it is about.
import { describe, expect, it } from 'vitest';
import {
  callProxy,
  chatRequest,
  proxyRequest,
  readmeEnv,
  stubUpstream,
  UPSTREAM_BASE_URL,
} from '../../test/harness';

let client = 0;
/** A chat request from a client (IP) of its own, so limits never spill between tests. */
const chatFrom = (ip: string, body: Record<string, unknown>) =>
  chatRequest({ headers: { 'CF-Connecting-IP': ip }, body: JSON.stringify({ messages: [], ...body }) });
const freshIp = () => `198.18.0.${++client}`;

/** A stub upstream that answers every chat, and the bodies it received. */
function upstreamBodies() {
  const calls = stubUpstream(() => Response.json({ id: 'chat', choices: [] }));
  return {
    calls,
    bodies: async () =>
      Promise.all(calls.requests.map(async (r) => (await r.json()) as Record<string, unknown>)),
  };
}

describe('the explicit off switches', () => {
  it('ALLOW_ANY_MODEL=true forwards a model no allowlist names; without it the model is refused', async () => {
    const { calls, bodies } = upstreamBodies();
    const ip = freshIp();

    const refused = await callProxy(chatFrom(ip, { model: 'gpt-dear' }), readmeEnv());
    const allowed = await callProxy(
      chatFrom(ip, { model: 'gpt-dear' }),
      readmeEnv({ ALLOW_ANY_MODEL: 'true' }),
    );

    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error: { code: 'model_not_allowed' } });
    expect(allowed.status).toBe(200);
    expect(calls.requests.map((r) => r.url)).toEqual([`${UPSTREAM_BASE_URL}/chat/completions`]);
    expect((await bodies())[0]).toMatchObject({ model: 'gpt-dear' });
  });

  it('ALLOW_ANY_MAX_TOKENS=true forwards max_tokens 100 000 unclamped and adds none', async () => {
    const { bodies } = upstreamBodies();
    const ip = freshIp();
    const env = readmeEnv({ ALLOW_ANY_MAX_TOKENS: 'true' });

    await callProxy(chatFrom(ip, { model: 'gpt-4o-mini', max_tokens: 100_000 }), env);
    await callProxy(chatFrom(ip, { model: 'gpt-4o-mini' }), env);
    await callProxy(chatFrom(ip, { model: 'gpt-4o-mini', max_tokens: 100_000 }), readmeEnv());

    const [unclamped, absent, clamped] = await bodies();
    expect(unclamped).toMatchObject({ max_tokens: 100_000 });
    expect(absent).not.toHaveProperty('max_tokens');
    expect(absent).not.toHaveProperty('max_completion_tokens');
    expect(clamped).toMatchObject({ max_tokens: 4096 });
  });

  it('DISABLE_RATE_LIMIT=true lets a client past the default 60 a minute, with credits still counted', async () => {
    const { calls } = upstreamBodies();
    const ip = freshIp();
    const env = readmeEnv({ DISABLE_RATE_LIMIT: 'true' });

    const statuses: number[] = [];
    let last!: Response;
    for (let i = 0; i < 65; i++) {
      last = await callProxy(chatFrom(ip, { model: 'gpt-4o-mini' }), env);
      statuses.push(last.status);
    }
    const limited = freshIp();
    const defaults: number[] = [];
    for (let i = 0; i < 61; i++)
      defaults.push((await callProxy(chatFrom(limited, { model: 'gpt-4o-mini' }), readmeEnv())).status);

    expect(statuses.every((status) => status === 200)).toBe(true);
    expect(last.headers.get('X-RateLimit-Limit')).toBeNull();
    expect(last.headers.get('X-Credits-Remaining')).toBe('135');
    expect(defaults.at(-1)).toBe(429);
    expect(calls.requests).toHaveLength(65 + 60);
  });

  it('DISABLE_DAILY_CREDITS=true lets a client spend past the default 200 credits a day', async () => {
    upstreamBodies();
    const prices = { CREDIT_PRICES: '{"modelCall": 150}' };
    const ip = freshIp();
    const env = readmeEnv({ DISABLE_DAILY_CREDITS: 'true', ...prices });

    const first = await callProxy(chatFrom(ip, { model: 'gpt-4o-mini' }), env);
    const second = await callProxy(chatFrom(ip, { model: 'gpt-4o-mini' }), env);
    const other = freshIp();
    await callProxy(chatFrom(other, { model: 'gpt-4o-mini' }), readmeEnv(prices));
    const budgeted = await callProxy(chatFrom(other, { model: 'gpt-4o-mini' }), readmeEnv(prices));

    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.headers.get('X-Credits-Limit')).toBeNull();
    expect(second.headers.get('X-RateLimit-Limit')).toBe('60');
    expect(budgeted.status).toBe(402);
  });

  it('a switch must say exactly "true" or "false": a typo is a config error, not protection off', async () => {
    const { calls } = upstreamBodies();

    const response = await callProxy(
      chatFrom(freshIp(), { model: 'x' }),
      readmeEnv({ ALLOW_ANY_MODEL: 'yes' }),
    );

    expect(response.status).toBe(500);
    expect(await response.json()).toMatchObject({
      error: {
        code: 'config_invalid',
        message: expect.stringContaining('ALLOW_ANY_MODEL must be "true" or "false"'),
      },
    });
    expect(calls.spy).not.toHaveBeenCalled();
  });

  it.each([
    [{ MODELS: 'gpt-4o-mini', ALLOW_ANY_MODEL: 'true' }, 'MODELS and ALLOW_ANY_MODEL=true contradict'],
    [
      { MAX_TOKENS: '1024', ALLOW_ANY_MAX_TOKENS: 'true' },
      'MAX_TOKENS and ALLOW_ANY_MAX_TOKENS=true contradict',
    ],
    [
      { RATE_LIMIT_PER_MINUTE: '20', DISABLE_RATE_LIMIT: 'true' },
      'RATE_LIMIT_PER_MINUTE and DISABLE_RATE_LIMIT=true contradict',
    ],
    [
      { DAILY_CREDITS: '50', DISABLE_DAILY_CREDITS: 'true' },
      'DAILY_CREDITS and DISABLE_DAILY_CREDITS=true contradict',
    ],
    [{ DEFAULT_MODEL: 'llama3', MODELS: 'gpt-4o-mini' }, 'MODELS and DEFAULT_MODEL contradict'],
    [
      { DEFAULT_MODEL: 'llama3', ALLOW_ANY_MODEL: 'true' },
      'DEFAULT_MODEL and ALLOW_ANY_MODEL=true contradict',
    ],
    [{ DEFAULT_MODEL: 'llama3,gpt-4o' }, 'DEFAULT_MODEL names exactly one model'],
  ])(
    'contradicting settings %j answer 500 config_invalid naming both, on every route',
    async (vars, message) => {
      const { calls } = upstreamBodies();

      const chat = await callProxy(chatFrom(freshIp(), { model: 'gpt-4o-mini' }), readmeEnv(vars));
      const health = await callProxy(proxyRequest('/health'), readmeEnv(vars));

      expect(chat.status).toBe(500);
      expect(health.status).toBe(500);
      expect(await chat.json()).toMatchObject({
        error: { code: 'config_invalid', message: expect.stringContaining(message) },
      });
      expect(calls.spy).not.toHaveBeenCalled();
    },
  );
});

describe('the default model is one the operator named', () => {
  it('DEFAULT_MODEL is the one model allowed when MODELS is unset, and the one /v1/models lists', async () => {
    const { bodies } = upstreamBodies();
    const ip = freshIp();
    const env = readmeEnv({ DEFAULT_MODEL: 'llama3.2' });

    const named = await callProxy(chatFrom(ip, { model: 'llama3.2' }), env);
    const fallback = await callProxy(chatFrom(ip, { model: 'gpt-4o-mini' }), env);
    const list = await callProxy(proxyRequest('/v1/models', { headers: { 'CF-Connecting-IP': ip } }), env);

    expect(named.status).toBe(200);
    expect(fallback.status).toBe(403);
    expect(await fallback.json()).toMatchObject({ error: { code: 'model_not_allowed' } });
    expect(((await list.json()) as { data: Array<{ id: string }> }).data.map((m) => m.id)).toEqual([
      'llama3.2',
    ]);
    expect(await bodies()).toEqual([expect.objectContaining({ model: 'llama3.2' })]);
  });

  it('with neither MODELS nor DEFAULT_MODEL, exactly gpt-4o-mini is allowed (as wrangler.jsonc and the README say)', async () => {
    upstreamBodies();
    const ip = freshIp();

    const list = await callProxy(
      proxyRequest('/v1/models', { headers: { 'CF-Connecting-IP': ip } }),
      readmeEnv(),
    );
    const other = await callProxy(chatFrom(ip, { model: 'gpt-4o' }), readmeEnv());

    expect(((await list.json()) as { data: Array<{ id: string }> }).data.map((m) => m.id)).toEqual([
      'gpt-4o-mini',
    ]);
    expect(other.status).toBe(403);
  });
});
