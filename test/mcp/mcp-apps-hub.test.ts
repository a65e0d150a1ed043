import { McpAppError, McpHub, type ToolOutput } from '@agent-chat/core';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type AppsServer, startAppsServer } from '../mcp-apps/apps-server.ts';

// The hub's MCP Apps part against a real SDK server over streamable HTTP (test/mcp-apps/apps-server.ts).
let server: AppsServer;
let hub: McpHub;
const warnings: string[] = [];
const warn = vi.spyOn(console, 'warn').mockImplementation((message: unknown) => {
  warnings.push(String(message));
});

beforeAll(async () => {
  server = await startAppsServer();
  hub = new McpHub({ servers: [{ id: 'apps', url: server.url }], terminateOnUnload: false });
  await hub.start();
});
afterAll(async () => {
  await hub.dispose();
  await server.close();
  warn.mockRestore();
});
afterEach(() => {
  server.reads.length = 0;
});

describe('McpHub and MCP Apps (SEP-1865)', () => {
  it('advertises io.modelcontextprotocol/ui and never offers app-only tools to the model', async () => {
    expect(server.capabilities[0]).toMatchObject({
      extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } },
    });
    const names = (await hub.summaries()).map((s) => s.name);
    expect(names).toContain('mcp__apps__probe');
    expect(names).toContain('mcp__apps__model_only');
    expect(names).not.toContain('mcp__apps__probe_log');
    expect((await hub.tools()).map((t) => t.name)).not.toContain('mcp__apps__probe_log');
  });

  it('warns once, naming server and tool, about a _meta.ui that links no ui:// resource', async () => {
    await hub.tools(['mcp__apps__malformed']);
    expect(warnings.filter((w) => w.includes('"malformed"'))).toEqual([
      'agent-chat: MCP server "apps", tool "malformed": malformed _meta.ui (resourceUri "https://evil.example/app.html" is not a ui:// resource of this server); its app is not shown, its text result is.',
    ]);
    // Its result is plain text: no app item.
    const [tool] = await hub.tools(['mcp__apps__malformed']);
    expect(await tool!.execute({}, { signal: new AbortController().signal } as never)).toBe(
      'Malformed meta, text result.',
    );
  });

  it('returns the text for the model and an mcp-app item with the whole result for a tool that links an app', async () => {
    const [tool] = await hub.tools(['mcp__apps__probe']);
    const output = (await tool!.execute({}, { signal: new AbortController().signal } as never)) as ToolOutput;
    expect(output.content).toEqual([
      { kind: 'text', text: 'Probe result 31337.' },
      {
        kind: 'mcp-app',
        serverId: 'apps',
        toolName: 'probe',
        resourceUri: 'ui://apps/probe.html',
        args: {},
        result: { content: [{ type: 'text', text: 'Probe result 31337.' }] },
      },
    ]);
  });

  it('reads an app resource once per server and URI, with its declared CSP; failures are typed and not kept', async () => {
    const first = await hub.apps.readResource('apps', 'ui://apps/probe.html');
    const again = await hub.apps.readResource('apps', 'ui://apps/probe.html');
    expect(again).toBe(first);
    expect(server.reads).toEqual(['ui://apps/probe.html']);
    expect(first.html).toContain('<h1>Probe</h1>');
    expect(first.csp).toEqual({ connectDomains: [] });

    const missing = hub.apps.readResource('apps', 'ui://apps/missing.html');
    await expect(missing).rejects.toBeInstanceOf(McpAppError);
    await expect(missing).rejects.toMatchObject({ problem: 'not_found', code: 'mcp_app_unavailable' });
    await expect(hub.apps.readResource('apps', 'ui://apps/missing.html')).rejects.toThrow(
      /could not be read/,
    );
    expect(server.reads.filter((uri) => uri === 'ui://apps/missing.html')).toHaveLength(2);
    await expect(hub.apps.readResource('apps', 'ui://apps/wrong.html')).rejects.toMatchObject({
      problem: 'wrong_mime_type',
    });
  });

  it('runs an app’s calls only to tools of its own server that are visible to apps', async () => {
    expect(await hub.apps.callTool('apps', 'probe_log', {})).toMatchObject({
      content: [{ type: 'text', text: 'app-only tool answered' }],
    });
    await expect(hub.apps.callTool('apps', 'model_only', {})).rejects.toMatchObject({
      problem: 'not_callable',
    });
    await expect(hub.apps.callTool('apps', 'no_such_tool', {})).rejects.toMatchObject({
      problem: 'not_callable',
    });
    await expect(hub.apps.callTool('elsewhere', 'probe_log', {})).rejects.toMatchObject({
      problem: 'not_callable',
    });
  });

  it('checks an app’s call against the server’s real tool names: get_data (model only) does not pass as get.data', async () => {
    const before = server.calls.length;
    await expect(hub.apps.callTool('apps', 'get_data', {})).rejects.toMatchObject({
      code: 'mcp_app_unavailable',
      problem: 'not_callable',
    });
    expect(server.calls.slice(before)).toEqual([]);
    expect(await hub.apps.callTool('apps', 'get.data', {})).toMatchObject({
      content: [{ type: 'text', text: 'get.data answered' }],
    });
    expect(server.calls.slice(before)).toEqual(['get.data']);
  });

  it('keeps what apps tell the model until their stage clears it', () => {
    expect(hub.apps.modelContext()).toBeUndefined();
    hub.apps.setModelContext('stage-1', 'App of probe: 7 open ports');
    hub.apps.setModelContext('stage-2', 'App of chart: range 2020–2024');
    expect(hub.apps.modelContext()).toBe('App of probe: 7 open ports\nApp of chart: range 2020–2024');
    hub.apps.setModelContext('stage-1', undefined);
    hub.apps.setModelContext('stage-2', '');
    expect(hub.apps.modelContext()).toBeUndefined();
  });
});
