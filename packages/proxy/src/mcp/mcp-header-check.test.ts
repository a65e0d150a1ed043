import { describe, expect, it } from 'vitest';
import { callProxy, mcpEnv, mcpRequest, stubUpstream } from '../../test/harness';

const MODERN = '2026-07-28';
const call = (name: string, args: Record<string, unknown> = {}) =>
  JSON.stringify({
    jsonrpc: '2.0',
    id: 7,
    method: 'tools/call',
    params: { name, arguments: args, _meta: { 'io.modelcontextprotocol/protocolVersion': MODERN } },
  });

describe('/mcp/{serverId} and the 2026-07-28 standard headers', () => {
  it('forwards a stateless request with Mcp-Method, Mcp-Name and Mcp-Param-* (no session id)', async () => {
    const upstream = stubUpstream(() => Response.json({ jsonrpc: '2.0', id: 7, result: { content: [] } }));
    const body = call('forecast', { region: 'eu-west' });

    const response = await callProxy(
      mcpRequest('docs', {
        body,
        headers: {
          'MCP-Protocol-Version': MODERN,
          'Mcp-Method': 'tools/call',
          'Mcp-Name': 'forecast',
          'Mcp-Param-Region': 'eu-west',
        },
      }),
      mcpEnv(),
    );

    expect(response.status).toBe(200);
    const sent = upstream.requests[0]!.headers;
    expect(sent.get('Mcp-Method')).toBe('tools/call');
    expect(sent.get('Mcp-Name')).toBe('forecast');
    expect(sent.get('Mcp-Param-Region')).toBe('eu-west');
    expect(sent.get('MCP-Protocol-Version')).toBe(MODERN);
    expect(sent.get('Mcp-Session-Id')).toBeNull();
  });

  it('forwards server/discover, and a base64-wrapped Mcp-Name that decodes to the body’s name', async () => {
    const upstream = stubUpstream(() => Response.json({ jsonrpc: '2.0', id: 1, result: {} }));
    const discover = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'server/discover', params: {} });
    await callProxy(
      mcpRequest('docs', {
        body: discover,
        headers: { 'MCP-Protocol-Version': MODERN, 'Mcp-Method': 'server/discover' },
      }),
      mcpEnv(),
    );
    const wrapped = `=?base64?${btoa(String.fromCharCode(...new TextEncoder().encode('météo')))}?=`;
    const response = await callProxy(
      mcpRequest('docs', {
        body: call('météo'),
        headers: { 'MCP-Protocol-Version': MODERN, 'Mcp-Method': 'tools/call', 'Mcp-Name': wrapped },
      }),
      mcpEnv(),
    );

    expect(response.status).toBe(200);
    expect(upstream.requests.map((r) => r.headers.get('Mcp-Method'))).toEqual([
      'server/discover',
      'tools/call',
    ]);
  });

  it.each([
    [
      'an Mcp-Name naming another tool',
      { 'Mcp-Method': 'tools/call', 'Mcp-Name': 'delete_all' },
      'Mcp-Name does not match',
    ],
    [
      'an Mcp-Method naming another method',
      { 'Mcp-Method': 'tools/list', 'Mcp-Name': 'forecast' },
      'Mcp-Method says "tools/list"',
    ],
    ['no Mcp-Method on a 2026-07-28 request', { 'Mcp-Name': 'forecast' }, 'Mcp-Method is missing'],
    ['no Mcp-Name on a 2026-07-28 tool call', { 'Mcp-Method': 'tools/call' }, 'Mcp-Name is missing'],
    [
      'a protocol version the body does not claim',
      { 'Mcp-Method': 'tools/call', 'Mcp-Name': 'forecast', 'MCP-Protocol-Version': '2025-11-25' },
      'MCP-Protocol-Version says 2025-11-25',
    ],
  ])('answers %s with 400 -32020 and never reaches the server', async (_, headers, problem) => {
    const upstream = stubUpstream(() => Response.json({}));

    const response = await callProxy(
      mcpRequest('docs', { body: call('forecast'), headers: { 'MCP-Protocol-Version': MODERN, ...headers } }),
      mcpEnv(),
    );

    expect(response.status).toBe(400);
    const answer = (await response.json()) as { id: number; error: { code: number; message: string } };
    expect(answer.id).toBe(7);
    expect(answer.error.code).toBe(-32020);
    expect(answer.error.message).toContain(problem);
    expect(upstream.requests).toHaveLength(0);
  });

  it('refuses a malformed Mcp-Param-* header (400 invalid_header)', async () => {
    const upstream = stubUpstream(() => Response.json({}));

    const response = await callProxy(
      mcpRequest('docs', {
        body: call('forecast'),
        headers: { 'Mcp-Method': 'tools/call', 'Mcp-Name': 'forecast', 'Mcp-Param-Region': 'x'.repeat(5000) },
      }),
      mcpEnv(),
    );

    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('invalid_header');
    expect(upstream.requests).toHaveLength(0);
  });

  it('leaves 2025-era requests without the new headers alone', async () => {
    const upstream = stubUpstream(() => Response.json({ jsonrpc: '2.0', id: 7, result: {} }));
    const body = JSON.stringify({
      jsonrpc: '2.0',
      id: 7,
      method: 'tools/call',
      params: { name: 'forecast' },
    });

    const response = await callProxy(
      mcpRequest('docs', { body, headers: { 'MCP-Protocol-Version': '2025-11-25' } }),
      mcpEnv(),
    );

    expect(response.status).toBe(200);
    expect(upstream.requests).toHaveLength(1);
  });
});
