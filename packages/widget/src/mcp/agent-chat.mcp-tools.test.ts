import { describe, expect, it } from 'vitest';
import '../agent-chat.js';
import { mountWithFakeAgent as mount, send } from '../test/mount.js';

describe('<agent-chat> lazy MCP tool loading', () => {
  it('shows which tools were loaded and when, as stages beside the tool calls', async () => {
    const { element, root } = await mount([
      () => [
        { type: 'tool.start', turn: 1, toolCallId: 'l1', name: 'load_tools', args: { names: ['a', 'b'] } },
        {
          type: 'mcp.tools.loaded',
          turn: 1,
          names: ['mcp__files__read_file', 'mcp__memory__search_nodes'],
          via: 'load_tools',
          toolCallId: 'l1',
        },
        {
          type: 'tool.complete',
          toolCallId: 'l1',
          name: 'load_tools',
          result: 'Loaded 2 tools',
          content: 'Loaded 2 tools',
          durationMs: 12,
        },
        {
          type: 'mcp.tools.loaded',
          turn: 3,
          names: ['mcp__memory__read_graph'],
          via: 'call',
          toolCallId: 'c3',
        },
        { type: 'response.done', text: 'done' },
      ],
    ]);
    await send(element, 'go');
    await expect.poll(() => root.querySelectorAll('[part~="stage-tools-loaded"]').length).toBe(2);
    const [asked, onCall] = [...root.querySelectorAll<HTMLElement>('[part~="stage-tools-loaded"]')];
    expect(asked!.dataset.via).toBe('load_tools');
    expect(asked!.querySelector('.stage-title')?.textContent).toBe('Loaded 2 tool(s)');
    expect(asked!.querySelector('.stage-status')?.textContent).toBe('turn 1');
    expect([...asked!.querySelectorAll('code')].map((c) => c.textContent)).toEqual([
      'mcp__files__read_file',
      'mcp__memory__search_nodes',
    ]);
    expect(onCall!.querySelector('.stage-title')?.textContent).toBe('Loaded 1 tool(s) on first call');
    expect(onCall!.querySelector('.stage-status')?.textContent).toBe('turn 3');
    // In the order it happened: the load_tools call's stage, then what it loaded.
    const stages = [...root.querySelectorAll<HTMLElement>('[part~="stage"]')];
    expect(stages.map((s) => s.dataset.tool ?? s.dataset.via)).toEqual(['load_tools', 'load_tools', 'call']);
  });
});
