import type { Tool as McpTool } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { ConfigurationError } from '../errors.js';
import { toAgentTool } from '../mcp/mcp-tool.js';
import { ToolCatalog } from '../mcp/tool-catalog.js';
import { memoryStore } from '../memory/memory-store.js';
import type { ModelRequest } from '../model/chat-model.js';
import { collect, ofType } from '../test/collect.js';
import { mockModel } from '../test/mock-model.js';
import type { Tool } from '../tools/tool.js';
import { createAgent } from './create-agent.js';
import type { McpToolSource } from './mcp-tool-source.js';

const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');
const mcpTool = (name: string, detail = 40): McpTool => ({
  name,
  description: `Does ${name}. ${words(detail)}`,
  inputSchema: { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] },
});

/** An in-memory MCP tool source built on the hub's own catalog and tool wrapper. */
function fakeSource(servers: Record<string, McpTool[]>) {
  const catalog = new ToolCatalog();
  const down = new Map<string, string>();
  const calls: string[] = [];
  const list = () => {
    for (const [id, tools] of Object.entries(servers))
      if (down.has(id)) catalog.remove(id);
      else catalog.replace({ id, url: `http://x/${id}` }, tools, 0, new Set(catalog.materialised()));
  };
  const source: McpToolSource & { calls: string[]; down: Map<string, string>; servers(): never[] } = {
    calls,
    down,
    async summaries() {
      list();
      return catalog.summaries();
    },
    async tools(names) {
      list();
      const wanted = names ?? catalog.summaries().map((s) => s.name);
      const tools: Tool[] = [];
      for (const name of wanted) {
        const summary = catalog.summary(name);
        if (!summary) continue;
        const server = servers[summary.serverId]!;
        catalog.replace({ id: summary.serverId, url: 'http://x' }, server, 0, new Set([name]));
        tools.push(
          toAgentTool(name, catalog.full(name)!, async (args) => {
            calls.push(name);
            return `${summary.toolName} ran with ${JSON.stringify(args)}`;
          }) as Tool,
        );
      }
      return tools;
    },
    servers: () =>
      [...down].map(([id, lastError]) => ({ id, status: 'down', lastError })) as unknown as never[],
  };
  return source;
}

const toolNames = (request: ModelRequest | undefined) => (request?.tools ?? []).map((t) => t.name).sort();
const system = (request: ModelRequest | undefined) =>
  request?.messages[0]?.role === 'system' ? request.messages[0].content : '';

const servers = () => ({
  files: ['read_file', 'write_file', 'list_directory', 'search_files'].map((n) => mcpTool(n)),
  memory: ['create_entities', 'read_graph', 'search_nodes'].map((n) => mcpTool(n)),
});

describe('MCP tools in the agent loop', () => {
  it('stays eager under the threshold: every definition, no catalog, no load_tools', async () => {
    const model = mockModel([{ text: 'ok' }]);
    const source = fakeSource({ small: [mcpTool('ping', 2)] });
    await collect(createAgent({ model, mcp: source, systemPrompt: 'SYS' }).run({ message: 'hi' }));
    expect(toolNames(model.requests[0])).toEqual(['mcp__small__ping']);
    expect(system(model.requests[0])).toBe('SYS');
  });

  it('goes lazy above it: loads two tools, calls them, auto-loads a third by name, and keeps the set after a reload', async () => {
    const source = fakeSource(servers());
    const store = memoryStore();
    const model = mockModel([
      {
        toolCalls: [
          { id: 'l1', name: 'load_tools', arguments: { names: ['mcp__files__read_file', 'search_nodes'] } },
        ],
      },
      {
        toolCalls: [
          { id: 'c1', name: 'mcp__files__read_file', arguments: { q: 'a.txt' } },
          { id: 'c2', name: 'mcp__memory__search_nodes', arguments: { q: 'alice' } },
        ],
      },
      { toolCalls: [{ id: 'c3', name: 'mcp__memory__read_graph', arguments: { q: 'all' } }] },
      { text: 'done' },
    ]);
    const agent = createAgent({ model, mcp: source, store, systemPrompt: 'SYS' });
    const events = await collect(agent.run({ conversationId: 'c', message: 'go' }));

    expect(toolNames(model.requests[0])).toEqual(['load_tools']);
    expect(system(model.requests[0])).toContain('mcp__files__*:\nread_file: Does read_file\n');
    expect(system(model.requests[0])).toContain('\nwrite_file: Does write_file\n');
    expect(toolNames(model.requests[1])).toEqual([
      'load_tools',
      'mcp__files__read_file',
      'mcp__memory__search_nodes',
    ]);
    expect(toolNames(model.requests[3])).toEqual([
      'load_tools',
      'mcp__files__read_file',
      'mcp__memory__read_graph',
      'mcp__memory__search_nodes',
    ]);
    expect(source.calls).toEqual([
      'mcp__files__read_file',
      'mcp__memory__search_nodes',
      'mcp__memory__read_graph',
    ]);
    expect(
      ofType(events, 'mcp.tools.loaded').map(({ names, via, toolCallId, turn }) => ({
        names,
        via,
        toolCallId,
        turn,
      })),
    ).toEqual([
      {
        names: ['mcp__files__read_file', 'mcp__memory__search_nodes'],
        via: 'load_tools',
        toolCallId: 'l1',
        turn: 1,
      },
      { names: ['mcp__memory__read_graph'], via: 'call', toolCallId: 'c3', turn: 3 },
    ]);
    const loadResult = ofType(events, 'tool.complete').find((e) => e.toolCallId === 'l1');
    expect(loadResult?.content).toBe(
      'Loaded 2 tools: mcp__files__read_file, mcp__memory__search_nodes. Call them by name now.',
    );

    // A new agent on the same store (a reload): the conversation's loaded set is offered again.
    const again = mockModel([{ text: 'still here' }]);
    await collect(
      createAgent({ model: again, mcp: fakeSource(servers()), store }).run({
        conversationId: 'c',
        message: 'more',
      }),
    );
    expect(toolNames(again.requests[0])).toEqual([
      'load_tools',
      'mcp__files__read_file',
      'mcp__memory__read_graph',
      'mcp__memory__search_nodes',
    ]);
  });

  it('answers load_tools with unknown names by listing the closest tools, and the run goes on', async () => {
    const model = mockModel([
      {
        toolCalls: [
          { id: 'l', name: 'load_tools', arguments: { names: ['read_fil', 'mcp__files__write_file'] } },
        ],
      },
      { text: 'ok' },
    ]);
    const events = await collect(createAgent({ model, mcp: fakeSource(servers()) }).run({ message: 'go' }));
    const result = ofType(events, 'tool.complete')[0]?.content ?? '';
    expect(result).toContain('Loaded 1 tool: mcp__files__write_file.');
    expect(result).toMatch(/No such tools: read_fil \(closest: mcp__files__read_file, /);
    expect(events.at(-1)).toMatchObject({ type: 'run.finish', status: 'completed' });
  });

  it('tells the model about an unknown tool called by name with the closest catalog names', async () => {
    const model = mockModel([
      { toolCalls: [{ id: 'x', name: 'mcp__files__read_fille', arguments: { q: 'a' } }] },
      { text: 'ok' },
    ]);
    const events = await collect(createAgent({ model, mcp: fakeSource(servers()) }).run({ message: 'go' }));
    expect(ofType(events, 'tool.error')[0]?.error).toMatch(
      /^unknown tool "mcp__files__read_fille"\. Closest tools: mcp__files__read_file, /,
    );
  });

  it('leaves a down server out of the catalog with a notice', async () => {
    const source = fakeSource(servers());
    source.down.set('memory', 'connection refused');
    const model = mockModel([{ text: 'ok' }]);
    await collect(createAgent({ model, mcp: source, mcpTools: { mode: 'lazy' } }).run({ message: 'go' }));
    expect(system(model.requests[0])).not.toContain('mcp__memory__');
    expect(system(model.requests[0])).toContain(
      'MCP server "memory" is unavailable (connection refused); its tools are left out until it answers again.',
    );
  });

  it('cuts a catalog over its budget by server and says so', async () => {
    const model = mockModel([{ text: 'ok' }]);
    await collect(
      createAgent({ model, mcp: fakeSource(servers()), mcpTools: { catalogMaxTokens: 60 } }).run({
        message: 'go',
      }),
    );
    expect(system(model.requests[0])).toContain('\nread_file: Does read_file\n');
    expect(system(model.requests[0])).not.toContain('read_graph');
    expect(system(model.requests[0])).toContain(
      'Catalog cut to fit its budget of 60 tokens: the tools of "memory" (3) are not listed here.',
    );
  });

  it('unloads a loaded tool its server removed and tells the model, also when it calls it', async () => {
    const tools = servers();
    const source = fakeSource(tools);
    const store = memoryStore();
    const first = mockModel([
      { toolCalls: [{ id: 'l', name: 'load_tools', arguments: { names: ['mcp__memory__read_graph'] } }] },
      { text: 'loaded' },
    ]);
    await collect(
      createAgent({ model: first, mcp: source, store }).run({ conversationId: 'c', message: 'a' }),
    );
    tools.memory = tools.memory.filter((t) => t.name !== 'read_graph');
    const second = mockModel([
      { toolCalls: [{ id: 'g', name: 'mcp__memory__read_graph', arguments: { q: 'x' } }] },
      { text: 'ok' },
    ]);
    const events = await collect(
      createAgent({ model: second, mcp: source, store, mcpTools: { mode: 'lazy' } }).run({
        conversationId: 'c',
        message: 'b',
      }),
    );
    expect(toolNames(second.requests[0])).toEqual(['load_tools']);
    expect(system(second.requests[0])).toContain(
      'Unloaded because their servers no longer offer them: mcp__memory__read_graph. Do not call them.',
    );
    expect(ofType(events, 'tool.error')[0]?.error).toBe(
      'the tool "mcp__memory__read_graph" was unloaded: its server no longer offers it. Do not call it again.',
    );
  });

  it('does the same in JSON decision mode for models without native tools', async () => {
    const decision = (tool: string, params: object) =>
      ({ text: JSON.stringify({ action: 'call_tool', reasoning: 'needs it', tool, params }) }) as const;
    const model = mockModel(
      [
        decision('load_tools', { names: ['mcp__files__search_files'] }),
        decision('mcp__files__search_files', { q: 'notes' }),
        decision('mcp__memory__create_entities', { q: 'bob' }),
        { text: JSON.stringify({ action: 'answer', reasoning: 'done', response: 'all done' }) },
      ],
      { tools: false, jsonSchema: false },
    );
    const source = fakeSource(servers());
    const events = await collect(createAgent({ model, mcp: source }).run({ message: 'go' }));
    expect(system(model.requests[0])).toContain('- load_tools: Loads catalog tools for the rest');
    expect(system(model.requests[0])).not.toContain('- mcp__files__search_files:');
    expect(system(model.requests[0])).toContain('\nsearch_files: Does search_files');
    expect(system(model.requests[1])).toContain('- mcp__files__search_files: Does search_files.');
    expect(source.calls).toEqual(['mcp__files__search_files', 'mcp__memory__create_entities']);
    expect(ofType(events, 'mcp.tools.loaded').map((e) => e.via)).toEqual(['load_tools', 'call']);
    expect(ofType(events, 'response.done')[0]?.text).toBe('all done');
  });

  it('offers none with mcpTools: false, and refuses a bad setting', async () => {
    const model = mockModel([{ text: 'ok' }]);
    await collect(createAgent({ model, mcp: fakeSource(servers()), mcpTools: false }).run({ message: 'hi' }));
    expect(model.requests[0]?.tools).toBeUndefined();
    expect(() => createAgent({ model: mockModel([]), mcpTools: { mode: 'sometimes' as 'lazy' } })).toThrow(
      ConfigurationError,
    );
    expect(() => createAgent({ model: mockModel([]), mcpTools: { lazyAboveTokens: -1 } })).toThrow(
      /mcpTools.lazyAboveTokens must be a whole number of tokens/,
    );
  });
});
