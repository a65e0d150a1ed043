import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type AgentEvent, createAgent, McpHub, memoryStore, openAICompatible } from '@agent-chat/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ProxyDev, startProxyDev } from '../../scripts/lib/proxy-dev.ts';
import { type McpServerProcess, startServerEverything } from '../mcp/server-everything.ts';
import { type BridgedServer, bridgeStdioServer } from '../mcp/stdio-bridge.ts';
import { type ScriptedModelServer, startScriptedModelServer } from '../model-server/scripted-model-server.ts';

const ORIGIN = 'http://app.example.test';
const ECHO = 'mcp__everything__echo';
const CREATE = 'mcp__memory__create_entities';
const LIST_DIR = 'mcp__files__list_directory';

let everything: McpServerProcess;
let memory: BridgedServer;
let files: BridgedServer;
let model: ScriptedModelServer;
let proxy: ProxyDev;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'agent-chat-lazy-'));
  writeFileSync(join(dir, 'notes.txt'), 'remember the milk\n');
  [everything, memory, files, model] = await Promise.all([
    startServerEverything(),
    bridgeStdioServer({
      script: '@modelcontextprotocol/server-memory/dist/index.js',
      env: { MEMORY_FILE_PATH: join(dir, 'memory.jsonl') },
    }),
    bridgeStdioServer({ script: '@modelcontextprotocol/server-filesystem/dist/index.js', args: [dir] }),
    startScriptedModelServer(),
  ]);
  proxy = await startProxyDev({
    upstreamBaseUrl: model.baseURL,
    allowedOrigins: [ORIGIN],
    vars: {
      MODELS: 'gpt-4o-mini',
      // The conversation makes some 40 MCP requests in a few seconds; the default per-client limit is lower.
      RATE_LIMIT_PER_MINUTE: '1000',
      MCP_SERVERS: JSON.stringify({
        everything: { url: everything.url },
        memory: { url: memory.url },
        files: { url: files.url },
        // Configured but not running: nothing listens on port 9.
        offline: { url: 'http://127.0.0.1:9/mcp' },
      }),
    },
  });
}, 120_000);

afterAll(async () => {
  await proxy?.stop();
  await Promise.all([everything?.stop(), memory?.stop(), files?.stop(), model?.close()]);
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** An agent as a page builds it: model and MCP servers through the proxy, the hub's tools offered lazily. */
function pageAgent(store = memoryStore(), ids = ['everything', 'memory', 'files']) {
  const headers = { Origin: ORIGIN };
  const hub = new McpHub({
    servers: ids.map((id) => ({ id, url: `${proxy.url}/mcp/${id}`, headers, retryDelayMs: 50 })),
  });
  const agent = createAgent({
    model: openAICompatible({ baseURL: `${proxy.url}/v1`, model: 'gpt-4o-mini', headers }),
    mcp: hub,
    store,
    systemPrompt: 'You help with notes.',
  });
  return { hub, agent, store };
}

async function run(agent: ReturnType<typeof pageAgent>['agent'], message: string): Promise<AgentEvent[]> {
  const events: AgentEvent[] = [];
  for await (const event of agent.run({ conversationId: 'conv-1', message })) events.push(event);
  return events;
}

/** The tool names and the system message of the model's `index`-th request, as the upstream received it. */
function request(index: number) {
  const body = model.requests[index]!.body as {
    tools?: Array<{ function: { name: string } }>;
    messages: Array<{ role: string; content: string }>;
  };
  return {
    tools: (body.tools ?? []).map((t) => t.function.name).sort(),
    system: body.messages[0]?.role === 'system' ? body.messages[0].content : '',
    toolResults: body.messages.filter((m) => m.role === 'tool').map((m) => m.content),
  };
}

describe('lazy MCP tools in the agent loop, through the proxy (wrangler dev), with three real MCP servers', () => {
  it('loads two tools, calls them, then calls a third by name; the loaded set outlives a reload', async () => {
    const first = pageAgent();
    model.enqueue(
      { toolCalls: [{ id: 'load', name: 'load_tools', arguments: { names: [ECHO, CREATE] } }] },
      {
        toolCalls: [
          { id: 'echo', name: ECHO, arguments: { message: 'milk' } },
          {
            id: 'create',
            name: CREATE,
            arguments: { entities: [{ name: 'milk', entityType: 'item', observations: ['buy today'] }] },
          },
        ],
      },
      { text: 'Noted.' },
    );
    const start = model.requests.length;
    const turn1 = await run(first.agent, 'Remember to buy milk.');
    expect(turn1.at(-1)).toMatchObject({ type: 'run.finish', status: 'completed' });

    // Request 1: the catalog of all three servers in the system message, only load_tools as a tool.
    const r1 = request(start);
    expect(r1.tools).toEqual(['load_tools']);
    expect(r1.system).toMatch(
      /^You help with notes\.\n\nMore tools: call load_tools with their full names, then call them/,
    );
    for (const line of [
      'mcp__everything__*:\necho: Echoes back input string\n',
      'mcp__memory__*:\ncreate_entities: Create multiple new entities knowledge graph\n',
      'mcp__files__*:\n',
      '\nlist_directory: Get detailed listing all files and directories specified path\n',
    ])
      expect(r1.system).toContain(line);
    // Request 2: the two loaded definitions; request 3: the same, with both tools' real results.
    expect(request(start + 1).tools).toEqual(['load_tools', ECHO, CREATE].sort());
    expect(request(start + 1).toolResults).toEqual([
      `Loaded 2 tools: ${ECHO}, ${CREATE}. Call them by name now.`,
    ]);
    const r3 = request(start + 2);
    expect(r3.tools).toEqual(['load_tools', ECHO, CREATE].sort());
    // The load result the model has read is no longer sent: the tools are in its tool list.
    expect(r3.toolResults).toEqual(['Echo: milk', expect.stringContaining('"name": "milk"')]);
    expect(turn1.filter((e) => e.type === 'mcp.tools.loaded')).toMatchObject([
      { names: [ECHO, CREATE], via: 'load_tools', toolCallId: 'load', turn: 1 },
    ]);
    await first.hub.dispose();

    // A reload: a new hub and agent on the same store. The model calls a third tool without loading it.
    const second = pageAgent(first.store);
    model.enqueue(
      { toolCalls: [{ id: 'ls', name: LIST_DIR, arguments: { path: dir } }] },
      { text: 'You have notes.txt.' },
    );
    const next = model.requests.length;
    const turn2 = await run(second.agent, 'Which files do I have?');
    expect(turn2.at(-1)).toMatchObject({ type: 'run.finish', status: 'completed' });
    expect(request(next).tools).toEqual(['load_tools', ECHO, CREATE].sort());
    const r5 = request(next + 1);
    expect(r5.tools).toEqual(['load_tools', ECHO, CREATE, LIST_DIR].sort());
    expect(r5.toolResults.at(-1)).toContain('[FILE] notes.txt');
    expect(turn2.filter((e) => e.type === 'mcp.tools.loaded')).toMatchObject([
      { names: [LIST_DIR], via: 'call', toolCallId: 'ls', turn: 1 },
    ]);
    // Every MCP request went through the proxy's routes for the three servers.
    for (const id of ['everything', 'memory', 'files'])
      expect(proxy.output()).toContain(`"mcpServer":"${id}"`);
    await second.hub.dispose();
  });

  it('answers load_tools with an unknown name by listing the closest real tools, and leaves a down server out with a notice', async () => {
    const { agent, hub } = pageAgent(memoryStore(), ['everything', 'memory', 'offline']);
    model.enqueue(
      { toolCalls: [{ id: 'bad', name: 'load_tools', arguments: { names: ['read_grph'] } }] },
      { text: 'Sorry.' },
    );
    const start = model.requests.length;
    const events = await run(agent, 'Show the graph.');
    expect(events.at(-1)).toMatchObject({ type: 'run.finish', status: 'completed' });
    expect(request(start + 1).toolResults).toEqual([
      expect.stringMatching(/^No such tools: read_grph \(closest: mcp__memory__read_graph, /),
    ]);
    const { system } = request(start);
    expect(system).toContain('mcp__memory__*:');
    expect(system).not.toContain('mcp__offline__');
    expect(system).toMatch(
      /MCP server "offline" is unavailable \(.+\); its tools are left out until it answers again\./,
    );
    await hub.dispose();
  });
});
