import type { Tool as McpTool } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { toolCatalogText } from './catalog-text.js';
import { ToolCatalog } from './tool-catalog.js';

const tool = (name: string, description: string, extra: Record<string, unknown> = {}): McpTool => ({
  name,
  description,
  inputSchema: {
    type: 'object',
    properties: { q: { type: 'string', description: 'A long parameter description.' } },
    ...extra,
  },
});

describe('ToolCatalog', () => {
  const config = { id: 'docs', url: 'http://x/mcp', deny: ['secret'] };

  it('keeps summaries only, until a tool is materialised', () => {
    const catalog = new ToolCatalog();
    const count = catalog.replace(
      config,
      [tool('search', 'Searches docs. Long detail.'), tool('secret', 'Hidden.')],
      0,
    );
    expect(count).toBe(1);
    expect(catalog.summaries()).toEqual([
      {
        name: 'mcp__docs__search',
        serverId: 'docs',
        toolName: 'search',
        summary: 'Searches docs.',
        definitionTokens: expect.any(Number),
      },
    ]);
    // The estimate covers the whole definition, well beyond the one-sentence summary.
    expect(catalog.summaries()[0]!.definitionTokens).toBeGreaterThan(20);
    expect(catalog.full('mcp__docs__search')).toBeUndefined();
    catalog.replace(
      config,
      [tool('search', 'Searches docs. Long detail.')],
      1,
      new Set(['mcp__docs__search']),
    );
    expect(catalog.full('mcp__docs__search')?.description).toBe('Searches docs. Long detail.');
    expect(catalog.materialised()).toEqual(['mcp__docs__search']);
  });

  it('keeps materialised definitions current across listings and drops tools that vanished', () => {
    const catalog = new ToolCatalog();
    catalog.replace(config, [tool('a', 'A.'), tool('b', 'B.')], 0, new Set(['mcp__docs__a', 'mcp__docs__b']));
    catalog.replace(config, [tool('a', 'A, revised.')], 1);
    expect(catalog.full('mcp__docs__a')?.description).toBe('A, revised.');
    expect(catalog.full('mcp__docs__b')).toBeUndefined();
    expect(catalog.materialised()).toEqual(['mcp__docs__a']);
  });

  it('goes stale after the TTL or an invalidation, and forgets a removed server', () => {
    const catalog = new ToolCatalog();
    catalog.replace(config, [tool('a', 'A.')], 1_000);
    expect(catalog.isStale('docs', 500, 1_400)).toBe(false);
    expect(catalog.isStale('docs', 500, 1_500)).toBe(true);
    catalog.invalidate('docs');
    expect(catalog.isStale('docs', 500, 1_000)).toBe(true);
    catalog.remove('docs');
    expect(catalog.summaries()).toEqual([]);
    expect(catalog.count('docs')).toBe(0);
  });

  it('renders the supervisor catalog grouped by server, without summaries that only repeat the name', () => {
    const catalog = new ToolCatalog();
    catalog.replace(config, [tool('search', 'Searches the docs by keyword. More.')], 0);
    catalog.replace({ id: 'cal', url: 'http://y/mcp' }, [tool('create_event', 'Creates an event.')], 0);
    expect(toolCatalogText(catalog.summaries())).toBe(
      'mcp__docs__*:\nsearch: Searches docs keyword\n\nmcp__cal__*:\ncreate_event',
    );
  });
});
