import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ProxyDev, startProxyDev } from '../../scripts/lib/proxy-dev.ts';
import { type McpServerProcess, startServerEverything } from '../mcp/server-everything.ts';

// The MCP server's credential, held by the proxy: it must never reach the client or the logs.
const MCP_SECRET = 'sk-mcp-e2e-credential-83b1f0';
const ORIGIN = 'http://app.example.test';

let everything: McpServerProcess;
let proxy: ProxyDev;
let viaProxy: string;

beforeAll(async () => {
  everything = await startServerEverything();
  proxy = await startProxyDev({
    upstreamBaseUrl: 'http://127.0.0.1:9/v1',
    allowedOrigins: [ORIGIN],
    vars: {
      MCP_SERVERS: JSON.stringify({ everything: { url: everything.url, apiKeySecret: 'EVERYTHING_TOKEN' } }),
      EVERYTHING_TOKEN: MCP_SECRET,
      // Several MCP sessions in a few seconds, from one client.
      RATE_LIMIT_PER_MINUTE: '1000',
    },
  });
  viaProxy = `${proxy.url}/mcp/everything`;
});

afterAll(async () => {
  await proxy?.stop();
  await everything?.stop();
});

async function connect(url: string): Promise<{ client: Client; transport: StreamableHTTPClientTransport }> {
  const client = new Client({ name: 'proxy-e2e', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(url), {
    requestInit: { headers: { Origin: ORIGIN } },
  });
  await client.connect(transport);
  return { client, transport };
}

/** A session's worth of MCP traffic; returns everything a client would observe, minus session ids. */
async function session(url: string) {
  const { client, transport } = await connect(url);
  try {
    const tools = (await client.listTools()).tools.map((tool) => tool.name).sort();
    const echo = await client.callTool({ name: 'echo', arguments: { message: 'through the edge' } });
    const sum = await client.callTool({ name: 'get-sum', arguments: { a: 2, b: 40 } });
    const invalid = await client
      .callTool({ name: 'get-sum', arguments: { a: 'two' } })
      .catch((e) => String(e));
    const resources = (await client.listResources()).resources.map((r) => r.uri).sort();
    const prompts = (await client.listPrompts()).prompts.map((p) => p.name).sort();
    const server = client.getServerVersion();
    const sessionId = transport.sessionId;
    await transport.terminateSession();
    return { result: { tools, echo, sum, invalid, resources, prompts, server }, sessionId };
  } finally {
    await client.close();
  }
}

/** Progress notifications of the long-running tool, with arrival times. */
async function progressArrivals(url: string): Promise<number[]> {
  const { client } = await connect(url);
  const arrivals: number[] = [];
  try {
    await client.callTool(
      { name: 'trigger-long-running-operation', arguments: { duration: 1.5, steps: 5 } },
      {
        onprogress: () => {
          arrivals.push(performance.now());
        },
      },
    );
  } finally {
    await client.close();
  }
  return arrivals;
}

/** A raw request's status and the MCP headers a browser could read. */
async function raw(url: string, init: RequestInit) {
  const response = await fetch(url, {
    ...init,
    headers: {
      Origin: ORIGIN,
      'Content-Type': 'application/json',
      Accept: 'application/json, text/event-stream',
      ...init.headers,
    },
  });
  const body = await response.text();
  return { status: response.status, body, headers: response.headers };
}

describe('MCP streamable HTTP through the proxy (wrangler dev) vs direct, against server-everything', () => {
  it('gives the same results as talking to the server directly', async () => {
    const direct = await session(everything.url);
    const proxied = await session(viaProxy);

    expect(proxied.result).toEqual(direct.result);
    expect(proxied.result.tools).toContain('trigger-long-running-operation');
    expect(proxied.result.sum).toMatchObject({
      content: [{ type: 'text', text: expect.stringContaining('42') }],
    });
    expect(proxied.sessionId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('keeps status codes and MCP headers exactly, and exposes them to browsers', async () => {
    const init = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
    };
    const cases = async (url: string) => {
      const opened = await raw(url, { method: 'POST', body: JSON.stringify(init) });
      const id = opened.headers.get('Mcp-Session-Id') ?? '';
      const session = { 'Mcp-Session-Id': id, 'MCP-Protocol-Version': '2025-06-18' };
      const notification = await raw(url, {
        method: 'POST',
        headers: session,
        body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
      });
      const noSession = await raw(url, {
        method: 'POST',
        body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }),
      });
      const getWithout = await raw(url, { method: 'GET' });
      const deleted = await raw(url, { method: 'DELETE', headers: session });
      const afterDelete = await raw(url, {
        method: 'POST',
        headers: session,
        body: JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'tools/list' }),
      });
      return {
        statuses: [opened, notification, noSession, getWithout, deleted, afterDelete].map((r) => r.status),
        noSessionBody: noSession.body,
        hasSession: id !== '',
        exposed: opened.headers.get('Access-Control-Expose-Headers'),
      };
    };

    const direct = await cases(everything.url);
    const proxied = await cases(viaProxy);

    expect(proxied.statuses).toEqual(direct.statuses);
    expect(proxied.statuses.slice(0, 2)).toEqual([200, 202]);
    expect(proxied.noSessionBody).toBe(direct.noSessionBody);
    expect(proxied.hasSession).toBe(true);
    expect(proxied.exposed).toContain('Mcp-Session-Id');
    expect(proxied.exposed).toContain('MCP-Protocol-Version');
  });

  it('delivers progress notifications one by one, as the server sends them', async () => {
    const direct = await progressArrivals(everything.url);
    const proxied = await progressArrivals(viaProxy);

    expect(direct).toHaveLength(5);
    expect(proxied).toHaveLength(5);
    // Steps are 300 ms apart; a buffering proxy would deliver all five at the end, together. One gap
    // may shrink when the machine stalls, so at least three of the four must be clearly apart.
    const gaps = proxied.slice(1).map((t, i) => t - proxied[i]!);
    expect(
      gaps.filter((gap) => gap > 150).length,
      `gaps ${gaps.map(Math.round).join(', ')} ms`,
    ).toBeGreaterThanOrEqual(3);
    expect(proxied.at(-1)! - proxied[0]!).toBeGreaterThan(900);
  });

  it('refuses an unknown server id and a disallowed origin, and never shows the MCP credential', async () => {
    const unknown = await raw(`${proxy.url}/mcp/elsewhere`, { method: 'POST', body: '{}' });
    const evil = await raw(viaProxy, {
      method: 'POST',
      body: '{}',
      headers: { Origin: 'https://evil.test' },
    });

    expect(unknown.status).toBe(404);
    expect(evil.status).toBe(403);
    expect(proxy.output()).toContain('"mcpServer":"everything"');
    expect(proxy.output()).not.toContain(MCP_SECRET);
  });
});
