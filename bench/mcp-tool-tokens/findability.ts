// Bundled by index.ts with esbuild (it imports the workspace's sources). How findable the lazy catalog's
// tools are at each summary length, by the same BM25 keyword search the package ships.
import type { McpToolSummary, ModelRequest } from '@agent-chat/core';
import { keywordIndex, toolCatalogText } from '@agent-chat/core';
import type { CapturedToolLists } from './capture-tool-lists.ts';
import type { TaskPhrasing } from './task-phrasings.ts';

/** Summary lengths measured, in words. */
export const SUMMARY_LENGTHS = [4, 5, 6, 7, 8, 9, 10, 11, 12] as const;
/** THE CHOICE RULE, fixed before measuring: the shortest length with recall@3 ≥ this × full descriptions'. */
export const RECALL_AT_3_SHARE = 0.95;

/** Recall of one way of writing the catalog. */
export interface Findability {
  /** Summary length in words; undefined for full descriptions. */
  words?: number;
  recallAt1: number;
  recallAt3: number;
  /** Tokens of the whole 63-tool catalog text written this way. */
  catalogTokens: number;
}

/**
 * How a catalog entry is indexed. `line`: one text, the entry as the model reads it (`<server> <tool>:
 * <summary or description>`). `fields`: the server id and tool name as the entry's title field, the
 * summary or description as its text field (the layout first measured; see the method).
 */
export type EntryLayout = 'line' | 'fields';

interface Entry {
  title: string;
  text: string;
}

/**
 * Rank of the right tool for each phrasing among all catalog entries by `keywordIndex()` with its shipped
 * defaults. Ties count against: the rank is the number of entries scoring at least as high as the right
 * one, and a right tool that matches no word is not found.
 */
function ranks(entries: Map<string, Entry>, phrasings: TaskPhrasing[], layout: EntryLayout): number[] {
  const index = keywordIndex();
  index.add(
    [...entries].map(([id, { title, text }]) =>
      layout === 'line' ? { id, text: `${title}: ${text}` } : { id, title, text },
    ),
  );
  return phrasings.map((phrasing) => {
    const hits = index.search(phrasing.text, entries.size);
    const own = hits.find((hit) => hit.id === phrasing.tool);
    return own ? hits.filter((hit) => hit.score >= own.score).length : Number.POSITIVE_INFINITY;
  });
}

/**
 * Recall@1 and @3 for full descriptions and for every summary length, with the catalog's tokens.
 * `summaries` are the hub's (`hub.summaries()` over the captured lists).
 */
export function measureFindability(
  captured: CapturedToolLists,
  summaries: McpToolSummary[],
  phrasings: TaskPhrasing[],
  count: (text: string) => number,
  layout: EntryLayout = 'line',
): { full: Findability; byLength: Findability[] } {
  const title = (s: McpToolSummary) => `${s.serverId} ${s.toolName}`;
  const recall = (entries: Map<string, Entry>) => {
    const r = ranks(entries, phrasings, layout);
    const share = (k: number) => r.filter((rank) => rank <= k).length / r.length;
    return { recallAt1: share(1), recallAt3: share(3) };
  };
  const descriptions = new Map<string, string>(
    captured.servers.flatMap((server) =>
      server.tools.map(
        (tool) =>
          [`mcp__${server.id}__${tool.name}`, (tool.description ?? '').replace(/\s+/g, ' ').trim()] as const,
      ),
    ),
  );
  // The catalog's layout (a header per server, a `tool: text` line per tool) with whole descriptions.
  const servers = [...new Set(summaries.map((s) => s.serverId))];
  const fullCatalog = servers
    .map((id) =>
      [
        `mcp__${id}__*:`,
        ...summaries
          .filter((s) => s.serverId === id)
          .map((s) => `${s.toolName}: ${descriptions.get(s.name)}`),
      ].join('\n'),
    )
    .join('\n\n');
  const full: Findability = {
    ...recall(
      new Map(summaries.map((s) => [s.name, { title: title(s), text: descriptions.get(s.name) ?? '' }])),
    ),
    catalogTokens: count(fullCatalog),
  };
  const byLength = SUMMARY_LENGTHS.map((words) => {
    const lines = catalogLines(summaries, words);
    const entries = new Map(
      summaries.map((s) => [s.name, { title: title(s), text: lines.get(s.name)!.summary }]),
    );
    return { words, ...recall(entries), catalogTokens: count(toolCatalogText(summaries, words)) };
  });
  return { full, byLength };
}

/** The length the rule picks: the shortest whose recall@3 reaches the share of full descriptions'. */
export function chooseLength(full: Findability, byLength: Findability[]): Findability | undefined {
  return byLength.find((f) => f.recallAt3 >= RECALL_AT_3_SHARE * full.recallAt3);
}

/** Each tool's catalog line (`tool: summary`, or `tool`) at a summary length, as toolCatalogText writes it. */
function catalogLines(
  summaries: McpToolSummary[],
  words: number,
): Map<string, { line: string; summary: string }> {
  const out = new Map<string, { line: string; summary: string }>();
  for (const s of summaries) {
    const line = toolCatalogText([s], words).split('\n')[1]!;
    const tool = s.name.slice(`mcp__${s.serverId}__`.length);
    out.set(s.name, { line, summary: line === tool ? '' : line.slice(tool.length + 2) });
  }
  return out;
}

/**
 * The lazy run's requests as they would have been with summaries of `words` words: every catalog line
 * in each system message rewritten at that length (the scripted model picks tools by exact name, so
 * nothing else in the conversation changes).
 */
export function requestsAtLength(
  requests: ModelRequest[],
  summaries: McpToolSummary[],
  words: number,
): ModelRequest[] {
  const lines = catalogLines(summaries, words);
  return requests.map((request) => {
    const [first, ...rest] = request.messages;
    if (first?.role !== 'system') return request;
    let prefix: string | undefined;
    const content = first.content
      .split('\n')
      .map((line) => {
        const header = /^(mcp__[a-zA-Z0-9-]+__)\*:$/.exec(line);
        if (header) prefix = header[1];
        else if (!line.trim()) prefix = undefined;
        else if (prefix) {
          const name = prefix + (line.split(':')[0] ?? '').trim();
          const rewritten = lines.get(name);
          if (rewritten) return rewritten.line;
        }
        return line;
      })
      .join('\n');
    return { ...request, messages: [{ ...first, content }, ...rest] };
  });
}

export { CATALOG_SUMMARY_WORDS } from '../../packages/core/src/mcp/catalog-summary.ts';
