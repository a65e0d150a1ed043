import { type AgentEvent, createAgent, memoryStore, openAICompatible } from '@agent-chat/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ProxyDev, startProxyDev } from '../../scripts/lib/proxy-dev.ts';
import { type ScriptedModelServer, startScriptedModelServer } from '../model-server/scripted-model-server.ts';

// Issue 28: with a placeholder key (`UPSTREAM_API_KEY=x`, common with Ollama and local servers), secret
// redaction dropped every upstream header containing an "x", `Content-Type: text/event-stream`
// included, and the widget reported a malformed stream. Under wrangler dev, with the real agent.

const ORIGIN = 'http://127.0.0.1:5173';
const TEXT = 'Six boxes of wax: extra text, exactly as sent.';
let model: ScriptedModelServer;
let proxy: ProxyDev;

beforeAll(async () => {
  model = await startScriptedModelServer();
  proxy = await startProxyDev({
    upstreamBaseUrl: model.baseURL,
    allowedOrigins: [ORIGIN],
    upstreamApiKey: 'x',
    vars: { MODELS: 'gpt-4o-mini' },
  });
}, 120_000);

afterAll(async () => {
  await proxy?.stop();
  await model?.close();
});

describe('UPSTREAM_API_KEY=x (a placeholder shorter than 8 characters)', () => {
  it('streams a chat with Content-Type, CORS and rate-limit headers and the body intact', async () => {
    model.enqueue({ text: TEXT });

    const response = await fetch(`${proxy.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: ORIGIN },
      body: JSON.stringify({
        model: 'gpt-4o-mini',
        stream: true,
        messages: [{ role: 'user', content: 'x' }],
      }),
    });
    const body = await response.text();

    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('text/event-stream');
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe(ORIGIN);
    expect(response.headers.get('Access-Control-Expose-Headers')).toContain('X-RateLimit-Remaining');
    expect(response.headers.get('X-RateLimit-Limit')).toBe('60');
    expect(response.headers.get('X-Credits-Remaining')).not.toBeNull();
    const deltas = body
      .split('\n')
      .filter((line) => line.startsWith('data: {'))
      .map((line) => JSON.parse(line.slice(6)) as { choices: Array<{ delta: { content?: string } }> })
      .map((chunk) => chunk.choices[0]?.delta.content ?? '')
      .join('');
    expect(deltas).toBe(TEXT);
    expect(body.trimEnd().endsWith('data: [DONE]')).toBe(true);
    // The key still reaches the upstream, and the proxy said once why it is not redacted.
    expect(model.requests.at(-1)?.headers.authorization).toBe('Bearer x');
    // wrangler dev relays the Worker's log lines as they come: wait for it rather than read it once.
    await expect.poll(() => proxy.output(), { timeout: 10_000 }).toContain('"setting":"UPSTREAM_API_KEY"');
  });

  it('gives the agent a healthy stream, not "malformed stream"', async () => {
    model.enqueue({ text: TEXT });
    const agent = createAgent({
      model: openAICompatible({
        baseURL: `${proxy.url}/v1`,
        model: 'gpt-4o-mini',
        headers: { Origin: ORIGIN },
      }),
      store: memoryStore(),
    });

    const events: AgentEvent[] = [];
    for await (const event of agent.run({ conversationId: 'short-key', message: 'Say it.' }))
      events.push(event);

    expect(events.at(-1)).toMatchObject({ type: 'run.finish', status: 'completed' });
    const text = events
      .filter((event) => event.type === 'response.chunk')
      .map((event) => (event as { text?: string }).text ?? '')
      .join('');
    expect(text).toBe(TEXT);
  });
});
