import { describe, expect, it } from 'vitest';
import type { McpToolSummary } from '../mcp/mcp-hub-options.js';
import { memoryStore } from '../memory/memory-store.js';
import type { ModelRequest } from '../model/chat-model.js';
import type { Message } from '../model/messages.js';
import { collect } from '../test/collect.js';
import { mockModel } from '../test/mock-model.js';
import type { Tool } from '../tools/tool.js';
import { createAgent } from './create-agent.js';
import { loadedLine, loadedNamesOf } from './load-tools-history.js';
import type { McpToolSource } from './mcp-tool-source.js';

/** A source whose tool list the test changes: `names` are `mcp__notes__<tool>`. */
function notesSource(names: string[]): McpToolSource & { names: string[] } {
  const summary = (name: string): McpToolSummary => ({
    name,
    serverId: 'notes',
    toolName: name.slice('mcp__notes__'.length),
    summary: `Looks up notes by ${name.slice(-4)} keyword`,
    definitionTokens: 900,
  });
  const tool = (name: string): Tool => ({
    name,
    description: `The ${name} tool.`,
    jsonSchema: { type: 'object', properties: { q: { type: 'string' } } },
    validate: (value) => ({ ok: true, value }),
    execute: async () => `${name} ran`,
  });
  const source = {
    names,
    summaries: async () => source.names.map(summary),
    tools: async (wanted?: readonly string[]) =>
      (wanted ?? source.names).filter((n) => source.names.includes(n)).map(tool),
  };
  return source;
}

const A = 'mcp__notes__find';
const B = 'mcp__notes__list';
const system = (request: ModelRequest | undefined) =>
  request?.messages[0]?.role === 'system' ? request.messages[0].content : '';
const sent = (request: ModelRequest | undefined) => JSON.stringify(request?.messages.slice(1));

describe('load_tools in the conversation history', () => {
  it('reads the loaded set back from the current and the earlier wording of the result', () => {
    const history = (content: string): Message[] => [
      { role: 'assistant', content: '', toolCalls: [{ id: 'l', name: 'load_tools', arguments: '{}' }] },
      { role: 'tool', toolCallId: 'l', toolName: 'load_tools', content },
    ];
    expect(loadedNamesOf(history(loadedLine([A, B])))).toEqual([A, B]);
    expect(loadedNamesOf(history(`Loaded 1 tool: ${A}. Call them by name now.`))).toEqual([A]);
    expect(loadedNamesOf(history(`No such tools: x (closest: ${B}).\nLoaded 1 tool: ${A}.`))).toEqual([A]);
    expect(loadedNamesOf(history(`No such tools: x (closest: ${B}).`))).toEqual([]);
  });

  it('sends a load exchange only until the model has read it; the store keeps it and the loaded set lasts', async () => {
    const source = notesSource([A, B]);
    const store = memoryStore();
    const first = mockModel([
      { toolCalls: [{ id: 'l1', name: 'load_tools', arguments: { names: [A] } }] },
      { toolCalls: [{ id: 'c1', name: A, arguments: { q: 'x' } }] },
      { text: 'found' },
    ]);
    await collect(
      createAgent({ model: first, mcp: source, store }).run({ conversationId: 'c', message: 'a' }),
    );
    expect(sent(first.requests[1])).toContain('Loaded 1 tool');
    expect(sent(first.requests[2])).not.toContain('load_tools');
    expect(sent(first.requests[2])).toContain(`${A} ran`);
    // Loaded tools leave the catalog: their definitions are in the tool list.
    expect(system(first.requests[0])).toContain('find: Looks up notes find keyword');
    expect(system(first.requests[1])).not.toContain('find:');

    const second = mockModel([{ text: 'ok' }]);
    await collect(
      createAgent({ model: second, mcp: source, store }).run({ conversationId: 'c', message: 'b' }),
    );
    expect(second.requests[0]?.tools?.map((t) => t.name)).toEqual(['load_tools', A]);
    expect(sent(second.requests[0])).not.toContain('load_tools');
    expect(JSON.stringify(await store.load('c'))).toContain('Loaded 1 tool');
  });

  it('tells the model once that a loaded tool vanished, not again in every later run', async () => {
    const source = notesSource([A, B]);
    const store = memoryStore();
    const run = async (message: string) => {
      const model = mockModel([{ text: 'ok' }]);
      await collect(
        createAgent({ model, mcp: source, store, mcpTools: { mode: 'lazy' } }).run({
          conversationId: 'c',
          message,
        }),
      );
      return system(model.requests[0]);
    };
    const loader = mockModel([
      { toolCalls: [{ id: 'l1', name: 'load_tools', arguments: { names: [A] } }] },
      { text: 'ok' },
    ]);
    await collect(
      createAgent({ model: loader, mcp: source, store, mcpTools: { mode: 'lazy' } }).run({
        conversationId: 'c',
        message: 'a',
      }),
    );
    source.names = [B];
    const note = `Unloaded because their servers no longer offer them: ${A}. Do not call them.`;
    expect(await run('b')).toContain(note);
    expect(await run('c')).not.toContain(note);
    // It comes back: loaded again without a new load_tools call.
    source.names = [A, B];
    const back = mockModel([{ text: 'ok' }]);
    await collect(
      createAgent({ model: back, mcp: source, store, mcpTools: { mode: 'lazy' } }).run({
        conversationId: 'c',
        message: 'd',
      }),
    );
    expect(back.requests[0]?.tools?.map((t) => t.name)).toEqual(['load_tools', A]);
  });
});
