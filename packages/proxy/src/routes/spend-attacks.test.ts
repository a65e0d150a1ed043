// Attacks on the operator's key and budget (issue 17): each is refused before any upstream request,
// or forwarded only as the clamped, re-serialised body asserted here at the upstream stub.
import { describe, expect, it } from 'vitest';
import {
  ALLOWED_ORIGIN,
  callProxy,
  captureConsole,
  chatRequest,
  headerText,
  MCP_KEY,
  mcpEnv,
  mcpRequest,
  PROXY,
  readmeEnv,
  settled,
  stubUpstream,
  TEST_KEY,
} from '../../test/harness';
import type { ProxyEnv } from '../config/proxy-env';

const ANTHROPIC_KEY = 'sk-ant-attack-test-4b1e90';
const SECRETS = [TEST_KEY, MCP_KEY, ANTHROPIC_KEY];

const anthropicEnv = (overrides: Record<string, unknown> = {}): ProxyEnv => ({
  ...readmeEnv(),
  ANTHROPIC_API_KEY: ANTHROPIC_KEY,
  MODELS: 'gpt-4o-mini,claude-haiku-4-5=anthropic',
  ...overrides,
});

// Each test is its own client, so the default rate limit (60 a minute) never spills between tests.
let client = 0;
const fromClient = () => ({ 'CF-Connecting-IP': `203.0.113.${++client}` });

const chat = (body: Record<string, unknown> | string) =>
  chatRequest({
    headers: fromClient(),
    body: typeof body === 'string' ? body : JSON.stringify({ model: 'gpt-4o-mini', messages: [], ...body }),
  });
const messages = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  new Request(`${PROXY}/v1/messages`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: ALLOWED_ORIGIN, ...fromClient(), ...headers },
    body: JSON.stringify({ model: 'claude-haiku-4-5', max_tokens: 100, messages: [], ...body }),
  });
const mcp = (body: string) => mcpRequest('docs', { headers: fromClient(), body });

interface Refusal {
  name: string;
  request: () => Request;
  env: () => ProxyEnv;
  status: number;
  code: string;
  /** Words the message must contain: what to change. */
  says: string;
}

/** An MCP message the proxy refuses as not JSON-RPC 2.0, naming `says`. */
const invalidMcp = (name: string, body: string, says: string): Refusal => ({
  name,
  request: () => mcp(body),
  env: () => mcpEnv(readmeEnv()),
  status: 400,
  code: 'invalid_jsonrpc',
  says,
});

const refusals: Refusal[] = [
  {
    name: 'a request without Origin (curl) when no client tokens are configured',
    request: () => chatRequest({ headers: { Origin: undefined, ...fromClient() } }),
    env: readmeEnv,
    status: 403,
    code: 'origin_missing',
    says: 'AUTH_SECRET',
  },
  {
    name: 'a model other than the one default model',
    request: () => chat({ model: 'gpt-4.5-preview' }),
    env: readmeEnv,
    status: 403,
    code: 'model_not_allowed',
    says: 'gpt-4o-mini',
  },
  {
    name: 'duplicate "model" keys whose last one is not allowed',
    request: () => chat('{"model":"gpt-4o-mini","model":"gpt-4.5-preview","messages":[]}'),
    env: readmeEnv,
    status: 403,
    code: 'model_not_allowed',
    says: 'MODELS',
  },
  {
    name: '"n": 8 completions for the price of one',
    request: () => chat({ n: 8 }),
    env: readmeEnv,
    status: 400,
    code: 'choices_not_allowed',
    says: 'MAX_CHOICES',
  },
  {
    name: 'a "service_tier" that costs more (priority)',
    request: () => chat({ service_tier: 'priority' }),
    env: readmeEnv,
    status: 400,
    code: 'service_tier_not_allowed',
    says: 'SERVICE_TIERS',
  },
  {
    name: 'an unknown reasoning effort',
    request: () => chat({ reasoning_effort: 'extreme' }),
    env: readmeEnv,
    status: 400,
    code: 'invalid_request',
    says: 'reasoning_effort',
  },
  {
    name: 'an anthropic-beta flag the operator did not allow',
    request: () => messages({}, { 'anthropic-beta': 'context-1m-2025-08-07' }),
    env: anthropicEnv,
    status: 400,
    code: 'beta_not_allowed',
    says: 'ANTHROPIC_BETAS',
  },
  {
    name: 'an allowed anthropic-beta flag smuggling an unlisted one',
    request: () => messages({}, { 'anthropic-beta': 'prompt-caching-2024-07-31, context-1m-2025-08-07' }),
    env: () => anthropicEnv({ ANTHROPIC_BETAS: 'prompt-caching-2024-07-31' }),
    status: 400,
    code: 'beta_not_allowed',
    says: 'prompt-caching-2024-07-31',
  },
  invalidMcp(
    'an MCP body that is not JSON',
    '{"jsonrpc":"2.0","id":1,"method":"tools/call",',
    'JSON-RPC 2.0',
  ),
  invalidMcp(
    'an MCP tools/call without "jsonrpc": "2.0"',
    '{"id":1,"method":"tools/call","params":{"name":"search"}}',
    '"jsonrpc": "2.0"',
  ),
  invalidMcp(
    'an MCP batch with one message that is not JSON-RPC',
    '[{"jsonrpc":"2.0","id":1,"method":"ping"},{"jsonrpc":"2.0","id":2}]',
    'Message 2',
  ),
  invalidMcp('an empty MCP batch', '[]', 'empty batch'),
];

describe('spending attacks: refused before any upstream request', () => {
  for (const attack of refusals) {
    it(`refuses ${attack.name} (${attack.status} ${attack.code})`, async () => {
      const upstream = stubUpstream(() => Response.json({ leaked: SECRETS }));
      const logs = captureConsole();

      const response = await callProxy(attack.request(), attack.env());
      const text = await response.text();
      await settled();

      expect(response.status, text).toBe(attack.status);
      const { error } = JSON.parse(text) as { error: { code: string; message: string } };
      expect(error.code).toBe(attack.code);
      expect(error.message).toContain(attack.says);
      expect(upstream.spy).not.toHaveBeenCalled();
      for (const secret of SECRETS) {
        expect(text).not.toContain(secret);
        expect(headerText(response)).not.toContain(secret);
        expect(logs.text()).not.toContain(secret);
      }
    });
  }
});

/** Sends `request` with `env`, expecting it through, and returns the body the upstream received. */
async function forwarded(request: Request, env: ProxyEnv) {
  const upstream = stubUpstream(() => Response.json({ id: 'ok' }));
  const response = await callProxy(request, env);
  expect(response.status, await response.clone().text()).toBe(200);
  expect(upstream.requests).toHaveLength(1);
  const text = await upstream.requests[0]!.text();
  return { text, json: JSON.parse(text) as Record<string, unknown>, response };
}

describe('spending attacks: only the checked, clamped body reaches the upstream', () => {
  it('forwards the re-serialised body, so duplicate keys cannot pick another model upstream', async () => {
    const sent = await forwarded(
      chat('{"model":"gpt-4.5-preview","model":"gpt-4o-mini","messages":[]}'),
      readmeEnv(),
    );

    expect(sent.text).not.toContain('gpt-4.5-preview');
    expect(sent.text.match(/"model"/g)).toHaveLength(1);
    expect(sent.json.model).toBe('gpt-4o-mini');
  });

  it('clamps max_tokens 100 000 and max_completion_tokens to the default 4096, and adds one when absent', async () => {
    const big = await forwarded(chat({ max_tokens: 100_000, max_completion_tokens: 100_000 }), readmeEnv());
    const none = await forwarded(chat({}), readmeEnv());
    const text = await forwarded(chat({ max_tokens: '100000' }), readmeEnv());

    expect(big.json).toMatchObject({ max_tokens: 4096, max_completion_tokens: 4096 });
    expect(none.json).toMatchObject({ max_tokens: 4096 });
    expect(text.json).toMatchObject({ max_tokens: 4096 });
  });

  it('lowers every reasoning effort above the default medium, and caps thinking budgets at MAX_TOKENS', async () => {
    const openai = await forwarded(chat({ reasoning_effort: 'xhigh' }), readmeEnv());
    const openrouter = await forwarded(
      chat({ reasoning: { effort: 'high', max_tokens: 50_000 } }),
      readmeEnv(),
    );
    const claude = await forwarded(
      messages({
        max_tokens: 64_000,
        thinking: { type: 'enabled', budget_tokens: 60_000 },
        output_config: { effort: 'max' },
      }),
      anthropicEnv(),
    );
    const low = await forwarded(chat({ reasoning_effort: 'low' }), readmeEnv());

    expect(openai.json.reasoning_effort).toBe('medium');
    expect(openrouter.json.reasoning).toEqual({ effort: 'medium', max_tokens: 4096 });
    expect(claude.json).toMatchObject({
      max_tokens: 4096,
      thinking: { budget_tokens: 4096 },
      output_config: { effort: 'medium' },
    });
    expect(low.json.reasoning_effort).toBe('low');
  });

  it('prices what it allows: n completions, a dearer service tier and a higher effort cost more credits', async () => {
    const env = () =>
      ({
        ...readmeEnv(),
        MAX_CHOICES: '3',
        SERVICE_TIERS: 'auto,priority',
        MAX_REASONING_EFFORT: 'high',
        CREDIT_PRICES: JSON.stringify({
          modelCall: 2,
          serviceTiers: { priority: 2 },
          reasoningEfforts: { high: 3 },
        }),
      }) as ProxyEnv;

    const plain = await forwarded(chat({}), env());
    const three = await forwarded(chat({ n: 3 }), env());
    const all = await forwarded(chat({ n: 3, service_tier: 'priority', reasoning_effort: 'high' }), env());

    expect(plain.response.headers.get('X-Credits-Cost')).toBe('2');
    expect(three.response.headers.get('X-Credits-Cost')).toBe('6');
    expect(all.response.headers.get('X-Credits-Cost')).toBe('36');
    expect(all.json).toMatchObject({ n: 3, service_tier: 'priority', reasoning_effort: 'high' });
  });

  it('forwards only the anthropic-beta flags on the allowlist', async () => {
    const sent = await forwarded(
      messages({}, { 'anthropic-beta': 'prompt-caching-2024-07-31' }),
      anthropicEnv({ ANTHROPIC_BETAS: 'prompt-caching-2024-07-31' }),
    );
    const upstream = stubUpstream(() => Response.json({}));
    await callProxy(messages({}), anthropicEnv());

    expect(sent.response.status).toBe(200);
    expect(upstream.requests[0]!.headers.get('anthropic-beta')).toBeNull();
  });

  it('prices and forwards an MCP tools/call as parsed: a duplicate "name" cannot call a dear tool at a cheap price', async () => {
    const env = mcpEnv({
      ...readmeEnv(),
      CREDIT_PRICES: JSON.stringify({ mcpToolCall: 1, mcpTools: { 'docs/deep-research': 7 } }),
    });
    const body =
      '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"search","name":"deep-research"}}';

    const sent = await forwarded(mcp(body), env);

    expect(sent.json).toEqual({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'deep-research' },
    });
    expect(sent.response.headers.get('X-Credits-Cost')).toBe('7');
  });
});
