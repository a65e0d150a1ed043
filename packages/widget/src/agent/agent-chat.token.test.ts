import { describe, expect, it } from 'vitest';
import '../agent-chat.js';
import { fakeSite } from '../test/fake-site.js';
import { mount, part, send } from '../test/mount.js';

const SITE = 'http://shop.test';

const mountWithToken = (attributes: string) =>
  mount(
    `<agent-chat id="token-${Date.now()}" proxy-url="${SITE}" model="gpt-4o-mini" memory="off" ${attributes}></agent-chat>`,
  );

describe('<agent-chat token-url>', () => {
  it('sends the site’s client token to the proxy and renews an expired one without losing the message', async () => {
    let issued = 0;
    const site = fakeSite({
      turns: [
        {
          error: {
            status: 401,
            body: { error: { code: 'token_expired', message: 'The client token has expired.' } },
          },
        },
        { text: 'Hello with a fresh token.' },
      ],
      routes: {
        [`${SITE}/api/chat-token`]: () => Response.json({ token: `tok-${++issued}`, expiresIn: 900 }),
      },
    });
    const element = await mountWithToken('token-url="/api/chat-token"'.replace('/api', `${SITE}/api`));
    await send(element, 'Hi there');
    await expect
      .poll(() => part(element, 'message-assistant')?.textContent, { timeout: 10_000 })
      .toBe('Hello with a fresh token.');
    expect(site.modelRequests.map((r) => r.headers.get('authorization'))).toEqual([
      'Bearer tok-1',
      'Bearer tok-2',
    ]);
    expect(part(element, 'message-user')?.textContent).toContain('Hi there');
    expect(part(element, 'error')).toBeNull();
  });

  it('sends the client token to MCP servers behind the proxy too, and renews it when the proxy refuses it there', async () => {
    let issued = 0;
    const mcp = `${SITE}/mcp/shop`;
    const site = fakeSite({
      turns: [
        { toolCalls: [{ name: 'mcp__shop__get_stock', arguments: { tea: 'sencha' } }] },
        { text: 'Three tins left.' },
      ],
      routes: {
        [`${SITE}/api/chat-token`]: () => Response.json({ token: `tok-${++issued}`, expiresIn: 900 }),
        // A minimal MCP server (streamable HTTP, JSON answers) behind the proxy's /mcp/{id} route; the
        // proxy would refuse tok-1 as expired by the time the tool is called.
        [mcp]: (request) => {
          if (request.method !== 'POST') return new Response(null, { status: 405 });
          const message = JSON.parse(request.body ?? '{}') as {
            id?: number;
            method: string;
            params?: { protocolVersion?: string };
          };
          if (message.method === 'tools/call' && request.headers.get('authorization') === 'Bearer tok-1')
            return Response.json(
              { error: { code: 'token_expired', message: 'The client token has expired.' } },
              { status: 401 },
            );
          if (message.id === undefined) return new Response(null, { status: 202 });
          const result =
            message.method === 'initialize'
              ? {
                  protocolVersion: message.params?.protocolVersion,
                  capabilities: { tools: {} },
                  serverInfo: { name: 'shop', version: '1.0.0' },
                }
              : message.method === 'tools/list'
                ? {
                    tools: [
                      {
                        name: 'get_stock',
                        description: 'How many tins of a tea are in stock.',
                        inputSchema: { type: 'object', properties: { tea: { type: 'string' } } },
                      },
                    ],
                  }
                : message.method === 'tools/call'
                  ? { content: [{ type: 'text', text: '3 tins of sencha in stock' }] }
                  : {};
          return Response.json({ jsonrpc: '2.0', id: message.id, result });
        },
      },
    });
    const element = await mountWithToken(`token-url="${SITE}/api/chat-token" mcp-servers='[{"id":"shop"}]'`);
    await send(element, 'Is sencha in stock?');
    await expect
      .poll(() => part(element, 'message-assistant')?.textContent, { timeout: 10_000 })
      .toBe('Three tins left.');

    const toMcp = site.requests.filter((r) => r.url === mcp);
    const methods = toMcp.map(
      (r) => `${JSON.parse(r.body ?? '{}').method} ${r.headers.get('authorization')} ${r.status}`,
    );
    expect(methods).toContain('initialize Bearer tok-1 200');
    expect(methods).toContain('tools/list Bearer tok-1 200');
    // Refused as expired, then sent once more with a new token.
    expect(methods.filter((m) => m.startsWith('tools/call'))).toEqual([
      'tools/call Bearer tok-1 401',
      'tools/call Bearer tok-2 200',
    ]);
    expect(toMcp.every((r) => r.headers.get('authorization')?.startsWith('Bearer tok-'))).toBe(true);
    expect(String(site.lastMessage(1)?.content)).toContain('3 tins of sencha in stock');
    expect(site.modelRequests.map((r) => r.headers.get('authorization'))).toEqual([
      'Bearer tok-1',
      'Bearer tok-2',
    ]);
  });

  it('says clearly when the token endpoint fails, and keeps the typed message', async () => {
    const site = fakeSite({
      turns: [{ text: 'never' }],
      routes: { [`${SITE}/api/chat-token`]: () => new Response('oops', { status: 500 }) },
    });
    const element = await mountWithToken(`token-url="${SITE}/api/chat-token"`);
    await send(element, 'Please keep me');
    await expect
      .poll(() => part(element, 'error')?.textContent, { timeout: 10_000 })
      .toContain(`Could not get a client token from ${SITE}/api/chat-token (HTTP 500)`);
    expect(element.shadowRoot!.querySelector('textarea')!.value).toBe('Please keep me');
    expect(site.modelRequests).toHaveLength(0);
  });
  it('rates an answer on the proxy with the client token too (a proxy with AUTH_SECRET refuses it without)', async () => {
    let issued = 0;
    const site = fakeSite({
      turns: [{ text: 'Sencha is grassy.' }],
      routes: {
        [`${SITE}/api/chat-token`]: () => Response.json({ token: `tok-${++issued}`, expiresIn: 900 }),
        [`${SITE}/v1/transcripts/feedback`]: (request) =>
          request.headers.get('authorization') === 'Bearer tok-1'
            ? new Response(null, { status: 204 })
            : Response.json({ error: { code: 'token_missing' } }, { status: 401 }),
      },
    });
    const element = await mountWithToken(`token-url="${SITE}/api/chat-token"`);
    await send(element, 'Tell me about Sencha');
    await expect.poll(() => part(element, 'feedback-down'), { timeout: 10_000 }).not.toBeNull();
    part(element, 'feedback-down')!.click();
    const rated = () => site.requests.find((r) => r.url === `${SITE}/v1/transcripts/feedback`);
    await expect.poll(rated, { timeout: 10_000 }).toBeDefined();
    expect(rated()!.headers.get('authorization')).toBe('Bearer tok-1');
    expect(rated()!.status).toBe(204);
    expect(JSON.parse(rated()!.body!)).toMatchObject({ rating: 'down' });
  });
});
