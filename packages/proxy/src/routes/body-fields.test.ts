// Issue 39 point 2: only body fields the proxy knows how to price reach an upstream; the rest is
// refused naming the field (the operator may allow more by name), and input size is priced.
import { describe, expect, it } from 'vitest';
import { ALLOWED_ORIGIN, callProxy, chatRequest, PROXY, readmeEnv, stubUpstream } from '../../test/harness';
import type { ProxyEnv } from '../config/proxy-env';

const ANTHROPIC_KEY = 'sk-ant-body-fields-test-7d2c91';
const anthropicEnv = (vars: Record<string, unknown> = {}): ProxyEnv => ({
  ...readmeEnv(),
  ANTHROPIC_API_KEY: ANTHROPIC_KEY,
  MODELS: 'gpt-4o-mini,claude-haiku-4-5=anthropic',
  ...vars,
});

let client = 0;
const fromClient = () => ({ 'CF-Connecting-IP': `198.51.100.${++client}` });
const chat = (body: Record<string, unknown>) =>
  chatRequest({
    headers: fromClient(),
    body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }], ...body }),
  });
const messages = (body: Record<string, unknown>) =>
  new Request(`${PROXY}/v1/messages`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: ALLOWED_ORIGIN, ...fromClient() },
    body: JSON.stringify({
      model: 'claude-haiku-4-5',
      max_tokens: 100,
      messages: [{ role: 'user', content: 'hi' }],
      ...body,
    }),
  });

interface Refused {
  name: string;
  request: () => Request;
  field: string;
}

const REFUSED: Refused[] = [
  {
    name: 'OpenRouter fallback "models"',
    request: () => chat({ models: ['openai/o1-pro'] }),
    field: 'models',
  },
  { name: 'OpenRouter "route": "fallback"', request: () => chat({ route: 'fallback' }), field: 'route' },
  {
    name: 'OpenRouter "plugins" (web search)',
    request: () => chat({ plugins: [{ id: 'web' }] }),
    field: 'plugins',
  },
  { name: '"fallbacks"', request: () => chat({ fallbacks: [{ model: 'o1-pro' }] }), field: 'fallbacks' },
  {
    name: '"web_search_options"',
    request: () => chat({ web_search_options: { search_context_size: 'high' } }),
    field: 'web_search_options',
  },
  {
    name: 'OpenRouter "provider" routing',
    request: () => chat({ provider: { order: ['x'] } }),
    field: 'provider',
  },
  { name: 'audio output', request: () => chat({ modalities: ['text', 'audio'] }), field: 'modalities' },
  {
    name: 'a non-function tool on chat completions',
    request: () => chat({ tools: [{ type: 'web_search_preview' }] }),
    field: 'tools[0].type',
  },
  {
    name: 'Anthropic server tool web_search',
    request: () => messages({ tools: [{ type: 'web_search_20250305', name: 'web_search', max_uses: 99 }] }),
    field: 'tools[0].type',
  },
  {
    name: 'Anthropic server tool code_execution',
    request: () =>
      messages({
        tools: [
          { name: 'lookup', input_schema: { type: 'object' } },
          { type: 'code_execution_20250522', name: 'code_execution' },
        ],
      }),
    field: 'tools[1].type',
  },
  {
    name: 'Anthropic "mcp_servers"',
    request: () => messages({ mcp_servers: [{ type: 'url', url: 'https://mcp.example/sse', name: 'x' }] }),
    field: 'mcp_servers',
  },
  {
    name: 'Anthropic "container"',
    request: () => messages({ container: 'container_123' }),
    field: 'container',
  },
];

describe('a body allowlist per upstream kind (issue 39)', () => {
  it.each(REFUSED)('refuses $name with 400 naming the field, before any upstream request', async (attack) => {
    const upstream = stubUpstream(() => Response.json({ id: 'x' }));

    const response = await callProxy(attack.request(), anthropicEnv());

    expect(response.status).toBe(400);
    const { error } = (await response.json()) as { error: { code: string; message: string } };
    expect(error.code).toBe('field_not_allowed');
    expect(error.message).toContain(`"${attack.field}"`);
    expect(error.message).toContain('ALLOW_BODY_FIELDS');
    expect(upstream.spy).not.toHaveBeenCalled();
  });

  it('passes the fields the proxy prices: sampling, function tools, stream options, response format', async () => {
    const upstream = stubUpstream(() => Response.json({ id: 'x' }));
    const body = {
      temperature: 0.2,
      top_p: 0.9,
      stream: true,
      stream_options: { include_usage: true },
      tools: [{ type: 'function', function: { name: 'f', parameters: { type: 'object' } } }],
      tool_choice: 'auto',
      response_format: { type: 'json_object' },
      seed: 1,
      stop: ['\n'],
    };

    const openai = await callProxy(chat(body), anthropicEnv());
    const anthropic = await callProxy(
      messages({
        system: 'be brief',
        temperature: 0.5,
        stream: true,
        stop_sequences: ['x'],
        tools: [
          { name: 'lookup', input_schema: { type: 'object' } },
          { type: 'custom', name: 'c', input_schema: {} },
        ],
        tool_choice: { type: 'auto' },
        metadata: { user_id: 'u' },
      }),
      anthropicEnv(),
    );

    expect([openai.status, anthropic.status]).toEqual([200, 200]);
    expect(await upstream.requests[0]!.json()).toMatchObject(body);
  });

  it('lets the operator allow a field or a tool type by name (ALLOW_BODY_FIELDS)', async () => {
    const upstream = stubUpstream(() => Response.json({ id: 'x' }));
    const env = anthropicEnv({ ALLOW_BODY_FIELDS: 'plugins,tools.web_search_20250305' });

    const plugins = await callProxy(chat({ plugins: [{ id: 'web' }] }), env);
    const search = await callProxy(
      messages({ tools: [{ type: 'web_search_20250305', name: 'web_search' }] }),
      env,
    );
    const stillRefused = await callProxy(chat({ models: ['openai/o1-pro'] }), env);

    expect([plugins.status, search.status, stillRefused.status]).toEqual([200, 200, 400]);
    expect(await upstream.requests[0]!.json()).toMatchObject({ plugins: [{ id: 'web' }] });
    expect(upstream.requests).toHaveLength(2);
  });

  it('refuses an ALLOW_BODY_FIELDS entry that is not a name', async () => {
    stubUpstream(() => Response.json({ id: 'x' }));
    const response = await callProxy(chat({}), anthropicEnv({ ALLOW_BODY_FIELDS: 'plugins,{"x":1}' }));
    expect(response.status).toBe(500);
    expect(((await response.json()) as { error: { message: string } }).error.message).toContain(
      'ALLOW_BODY_FIELDS',
    );
  });
});

describe('input is priced (issue 39)', () => {
  it('charges a 900 KB prompt by its estimated tokens, a 10-byte one the base price', async () => {
    stubUpstream(() => Response.json({ id: 'x' }));
    const big = 'lorem ipsum '.repeat(75_000);

    const small = await callProxy(chat({ messages: [{ role: 'user', content: 'hello' }] }), readmeEnv());
    const large = await callProxy(chat({ messages: [{ role: 'user', content: big }] }), readmeEnv());

    expect(small.headers.get('X-Credits-Cost')).toBe('1');
    // 1 credit per call + 1 per 4,000 estimated input tokens (a token per 4 bytes of the checked body).
    const bytes = JSON.stringify({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: big }],
      max_tokens: 4096,
    }).length;
    expect(large.headers.get('X-Credits-Cost')).toBe(String(1 + Math.floor(Math.ceil(bytes / 4) / 4000)));
    expect(Number(large.headers.get('X-Credits-Cost'))).toBeGreaterThan(50);
  });

  it('refuses a large prompt the day’s credits cannot pay for, without reaching the upstream', async () => {
    const upstream = stubUpstream(() => Response.json({ id: 'x' }));
    const big = 'lorem ipsum '.repeat(75_000);

    const response = await callProxy(
      chat({ messages: [{ role: 'user', content: big }] }),
      readmeEnv({ DAILY_CREDITS: '20' }),
    );

    expect(response.status).toBe(402);
    expect(await response.json()).toMatchObject({ error: { code: 'credits_exhausted' } });
    expect(upstream.spy).not.toHaveBeenCalled();
  });

  it('prices input with CREDIT_PRICES.inputTokensPerCredit', async () => {
    stubUpstream(() => Response.json({ id: 'x' }));
    const response = await callProxy(
      chat({ messages: [{ role: 'user', content: 'x'.repeat(4_000) }] }),
      readmeEnv({ CREDIT_PRICES: JSON.stringify({ inputTokensPerCredit: 100 }) }),
    );
    expect(Number(response.headers.get('X-Credits-Cost'))).toBe(11);
  });
});

describe('the image route’s body allowlist (issue 39)', () => {
  it('refuses an unknown field on /v1/images/generations, naming it, before any upstream request', async () => {
    const upstream = stubUpstream(() => Response.json({ data: [] }));
    const request = new Request(`${PROXY}/v1/images/generations`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: ALLOWED_ORIGIN, ...fromClient() },
      body: JSON.stringify({
        model: 'gpt-image-1-mini',
        prompt: 'a cat',
        size: '1024x1024',
        provider: { order: ['dear'] },
      }),
    });

    const response = await callProxy(request, readmeEnv({ MODELS: 'gpt-image-1-mini' }));

    expect(response.status).toBe(400);
    const { error } = (await response.json()) as { error: { code: string; message: string } };
    expect(error).toMatchObject({ code: 'field_not_allowed' });
    expect(error.message).toContain('"provider"');
    expect(upstream.spy).not.toHaveBeenCalled();
  });
});
