import { describe, expect, it, vi } from 'vitest';
import {
  ALLOWED_ORIGIN,
  callProxy,
  headerText,
  MCP_KEY,
  MCP_URL,
  mcpEnv,
  mcpRequest,
  stubUpstream,
  upstreamEventStream,
  within,
} from '../../test/harness';

const SESSION = 'c0ffee00-1234-4bcd-8def-0123456789ab';

describe('/mcp/{serverId}', () => {
  it('forwards a POST to the configured URL with MCP headers and its own credential only', async () => {
    const upstream = stubUpstream(() =>
      Response.json(
        { jsonrpc: '2.0', id: 1, result: { tools: [] } },
        { headers: { 'Mcp-Session-Id': SESSION } },
      ),
    );
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' });

    const response = await callProxy(
      mcpRequest('docs', {
        body,
        headers: {
          Origin: ALLOWED_ORIGIN,
          Cookie: 'session=browser',
          Authorization: 'Bearer client-token',
          'Mcp-Session-Id': SESSION,
          'MCP-Protocol-Version': '2025-06-18',
          'X-Forwarded-Host': 'evil.test',
        },
      }),
      mcpEnv(),
    );

    expect(response.status).toBe(200);
    expect(response.headers.get('Mcp-Session-Id')).toBe(SESSION);
    expect(response.headers.get('Access-Control-Expose-Headers')).toContain('Mcp-Session-Id');
    expect(response.headers.get('Access-Control-Expose-Headers')).toContain('WWW-Authenticate');
    const sent = upstream.requests[0]!;
    expect(sent.url).toBe(MCP_URL);
    expect(sent.method).toBe('POST');
    expect(sent.headers.get('Authorization')).toBe(`Bearer ${MCP_KEY}`);
    expect(sent.headers.get('Mcp-Session-Id')).toBe(SESSION);
    expect(sent.headers.get('MCP-Protocol-Version')).toBe('2025-06-18');
    expect(sent.headers.get('Accept')).toBe('application/json, text/event-stream');
    for (const name of ['Cookie', 'Origin', 'X-Forwarded-Host']) expect(sent.headers.get(name)).toBeNull();
    expect(await sent.text()).toBe(body);
    expect(headerText(response)).not.toContain(MCP_KEY);
  });

  it('forwards no client credential to a server configured without one', async () => {
    const upstream = stubUpstream(() => Response.json({ jsonrpc: '2.0', id: 1, result: {} }));
    const env = mcpEnv({ MCP_SERVERS: JSON.stringify({ open: { url: 'http://open.test/mcp/' } }) });

    await callProxy(
      mcpRequest('open', { headers: { Authorization: 'Bearer browser-token', Cookie: 'sid=1' } }),
      env,
    );

    expect(upstream.requests[0]!.url).toBe('http://open.test/mcp/');
    expect(upstream.requests[0]!.headers.get('Authorization')).toBeNull();
    expect(upstream.requests[0]!.headers.get('Cookie')).toBeNull();
  });

  it('answers a browser preflight for DELETE with the MCP headers allowed', async () => {
    const upstream = stubUpstream(() => Response.json({}));

    const response = await callProxy(
      new Request('http://proxy.test/mcp/docs', {
        method: 'OPTIONS',
        headers: {
          Origin: ALLOWED_ORIGIN,
          'Access-Control-Request-Method': 'DELETE',
          'Access-Control-Request-Headers': 'mcp-session-id, mcp-protocol-version, last-event-id',
        },
      }),
      mcpEnv(),
    );

    expect(response.status).toBe(204);
    expect(response.headers.get('Access-Control-Allow-Methods')).toContain('DELETE');
    expect(response.headers.get('Access-Control-Allow-Headers')).toContain('mcp-session-id');
    expect(response.headers.get('Access-Control-Allow-Headers')).toContain('last-event-id');
    expect(upstream.spy).not.toHaveBeenCalled();
  });

  it('keeps the upstream status exactly: 202, 400, 403, 404 and 405 stay what they were', async () => {
    for (const status of [202, 400, 403, 404, 405]) {
      stubUpstream(() =>
        status === 202
          ? new Response(null, { status })
          : Response.json(
              { jsonrpc: '2.0', error: { code: -32000, message: `status ${status}` }, id: null },
              { status, headers: status === 405 ? { Allow: 'POST, DELETE' } : {} },
            ),
      );
      const response = await callProxy(
        mcpRequest('docs', { method: status === 405 ? 'GET' : 'POST' }),
        mcpEnv(),
      );
      expect(response.status, `upstream ${status}`).toBe(status);
      if (status === 405) expect(response.headers.get('Allow')).toBe('POST, DELETE');
      if (status !== 202) expect(await response.text()).toContain(`status ${status}`);
      vi.restoreAllMocks();
    }
  });

  it('passes the WWW-Authenticate challenge of a 401 through to the client', async () => {
    const challenge = 'Bearer resource_metadata="https://mcp.test/.well-known/oauth-protected-resource"';
    stubUpstream(
      () => new Response('unauthorized', { status: 401, headers: { 'WWW-Authenticate': challenge } }),
    );

    const response = await callProxy(mcpRequest('docs', { headers: { Origin: ALLOWED_ORIGIN } }), mcpEnv());

    expect(response.status).toBe(401);
    expect(response.headers.get('WWW-Authenticate')).toBe(challenge);
  });

  it('forwards GET (with Last-Event-ID) and DELETE without a body', async () => {
    const upstream = stubUpstream((request) =>
      request.method === 'GET'
        ? new Response('', { headers: { 'Content-Type': 'text/event-stream' } })
        : new Response(null, { status: 200 }),
    );

    const get = await callProxy(
      mcpRequest('docs', { method: 'GET', headers: { 'Mcp-Session-Id': SESSION, 'Last-Event-ID': 'evt-7' } }),
      mcpEnv(),
    );
    const del = await callProxy(
      mcpRequest('docs', { method: 'DELETE', headers: { 'Mcp-Session-Id': SESSION } }),
      mcpEnv(),
    );

    expect(get.status).toBe(200);
    expect(get.headers.get('X-Accel-Buffering')).toBe('no');
    expect(del.status).toBe(200);
    expect(upstream.requests.map((r) => r.method)).toEqual(['GET', 'DELETE']);
    expect(upstream.requests[0]!.headers.get('Last-Event-ID')).toBe('evt-7');
    expect(upstream.requests[1]!.body).toBeNull();
  });

  it('streams SSE events (progress notifications) one by one', async () => {
    const upstream = upstreamEventStream();
    stubUpstream(upstream.response);
    const progress = (n: number) =>
      `event: message\ndata: {"jsonrpc":"2.0","method":"notifications/progress","params":{"progress":${n}}}\n\n`;
    upstream.push(progress(1));

    const response = await within(2000, 'headers before the stream ends', callProxy(mcpRequest(), mcpEnv()));
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    expect(decoder.decode((await within(2000, 'first event', reader.read())).value)).toBe(progress(1));
    upstream.push(progress(2));
    expect(decoder.decode((await within(2000, 'second event', reader.read())).value)).toBe(progress(2));
    upstream.close();
    expect((await reader.read()).done).toBe(true);
  });

  it('answers 404 for an id that is not configured, without calling anything', async () => {
    const upstream = stubUpstream(() => Response.json({}));

    const response = await callProxy(mcpRequest('other'), mcpEnv());

    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: { code: 'mcp_server_not_found' } });
    expect(upstream.spy).not.toHaveBeenCalled();
  });

  it('refuses other methods with the proxy’s own 405 and Allow', async () => {
    const upstream = stubUpstream(() => Response.json({}));

    const response = await callProxy(
      new Request('http://proxy.test/mcp/docs', {
        method: 'PUT',
        body: '{}',
        headers: { Origin: ALLOWED_ORIGIN },
      }),
      mcpEnv(),
    );

    expect(response.status).toBe(405);
    expect(response.headers.get('Allow')).toBe('POST, GET, DELETE');
    expect(upstream.spy).not.toHaveBeenCalled();
  });
});
