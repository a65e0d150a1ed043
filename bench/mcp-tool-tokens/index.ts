import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { createMCPClient } from '@ai-sdk/mcp';
import { countTokens } from 'gpt-tokenizer';
import { BROWSER, bundle } from '../bundle-size/esbuild-bundle.ts';
import { AGENT_CHAT, type Benchmark, type Measurement } from '../lib/benchmark.ts';
import { importBundled } from '../lib/import-bundled.ts';
import { peerSubject } from '../lib/installed-version.ts';
import type { CapturedToolLists } from './capture-tool-lists.ts';
import { catalogQuality } from './catalog-quality.ts';
import { CONVERSATION, toolSetChanges } from './conversation.ts';
import { startFixtureServers } from './fixture-servers.ts';
import type { eagerToolList as EagerToolList, ToolSpecJson } from './measure-hub.ts';
import type { LoopRun, measureLoop as MeasureLoop } from './measure-loop.ts';

const here = import.meta.dirname;
const tokens = (text: string) => countTokens(text);

/**
 * Tokens of one model request as the agent built it: the messages (system prompt with the catalog,
 * history, tool calls and their results, `load_tools` included) and the tool definitions, as JSON.
 */
function requestTokens(request: LoopRun['requests'][number]): number {
  const tools = (request.tools ?? []).map(({ name, description, parameters }) => ({
    name,
    description,
    parameters,
  }));
  return tokens(JSON.stringify(request.messages)) + (tools.length ? tokens(JSON.stringify(tools)) : 0);
}

/** Result text of a call in the scripted conversation (the fixture servers answer with it). */
function scriptedResult(
  serverId: string,
  tool: string,
  args: unknown,
): { text: string; structured?: Record<string, unknown> } {
  const name = `mcp__${serverId}__${tool}`;
  const call = CONVERSATION.flatMap((t) => t.calls).find(
    (c) => c.tool === name && JSON.stringify(c.args) === JSON.stringify(args),
  );
  if (!call) return { text: `${tool} ran` };
  return { text: call.result, ...(call.structured ? { structured: call.structured } : {}) };
}

/** The AI SDK's MCP client: `tools()` returns every tool with its full schema (what it sends). */
async function peerEager(urls: string[]): Promise<ToolSpecJson[]> {
  const specs: ToolSpecJson[] = [];
  for (const url of urls) {
    const client = await createMCPClient({ transport: { type: 'http', url } });
    try {
      for (const [name, tool] of Object.entries(await client.tools())) {
        const t = tool as unknown as { description?: string; inputSchema: { jsonSchema: unknown } };
        const parameters = (await t.inputSchema.jsonSchema) as Record<string, unknown>;
        specs.push({ name, description: t.description ?? '', parameters });
      }
    } finally {
      await client.close();
    }
  }
  return specs;
}

/** Bytes a page downloads for MCP: our hub vs the AI SDK's MCP client (browser, minified, gzip -9). */
async function bundleSizes(log: (m: string) => void): Promise<Measurement[]> {
  const rows: Measurement[] = [];
  for (const [subject, entry] of [
    [AGENT_CHAT, 'agent-chat-mcp.ts'],
    [peerSubject(here, '@ai-sdk/mcp'), 'ai-sdk-mcp.ts'],
  ] as const) {
    // Pyodide (core's Python tool) is reached only through a dynamic import(), so it is never up front;
    // left external because its Node branch names node: modules a browser build cannot resolve.
    const code = await bundle(join(here, 'entries', entry), { ...BROWSER, external: ['pyodide'] });
    const gzip = gzipSync(code, { level: 9 }).byteLength;
    log(`${subject} MCP client bundle: ${code.byteLength} bytes minified, ${gzip} gzip`);
    rows.push({ subject, metric: 'min_gzip_bytes_mcp_client', value: gzip, unit: 'bytes' });
  }
  return rows;
}

export const benchmark: Benchmark = {
  description:
    'Tokens (gpt-tokenizer, o200k) sent to the model over a scripted 10-turn conversation through the real agent (`createAgent({ mcp: hub })`, one run per user turn, ' +
    'a scripted tool-calling model) with 4 real MCP servers from npm whose tools/list answers are served unchanged from fixtures/tool-lists.json ' +
    '(server-everything, server-memory, server-filesystem, server-github; 63 tools; package versions and capture date in the fixture, captured by capture-tool-lists.ts). ' +
    'Every request is summed: messages as JSON (system prompt with the catalog, history, tool calls and results, load_tools calls and results) plus the tool definitions as JSON `{name, description, parameters}`. ' +
    "eager: `mcpTools: { mode: 'eager' }`, every definition in every request. lazy: `mcpTools: { mode: 'lazy' }`, the catalog and load_tools, and the definitions loaded so far; the scripted model finds the tools it lacks in the catalog of its system message and calls load_tools for them, and loads nothing when they are already loaded. " +
    'extra_model_turns_lazy = lazy requests − eager requests; tool_set_changes = user turns that need a tool no earlier turn needed (counted from the script); extra_model_turns_per_tool_set_change is their ratio (goal ≤ 1). eager_tool_list_tokens_4_servers: one request’s full tool list, agent-chat `hub.tools()` vs @ai-sdk/mcp `client.tools()` (no lazy mode). ' +
    'min_gzip_bytes_mcp_client: esbuild browser bundle of `McpHub` + `toolCatalogText` vs `createMCPClient` from @ai-sdk/mcp. ' +
    'The former per-request figure (catalog + 3 hand-picked schemas, bench-written servers) is removed. ' +
    'Catalog findability: can a model still find the right tool in a catalog of short summaries? Task phrasings come from ' +
    "each captured tool's own documentation by a fixed rule (task-phrasings.ts: its description; its parameters' docs), " +
    'committed before anything was measured (fixtures/task-phrasings.json, 119 phrasings of 63 tools); each is ranked ' +
    'against the 63 catalog entries with the shipped BM25 (`keywordIndex()`), once with full descriptions and once per ' +
    'summary length of 4–12 words; recall@k = share of phrasings whose tool ranks in the top k (ties count against). ' +
    "The shipped length is the shortest whose recall@3 is ≥ 95% of full descriptions' (rule stated before measuring); " +
    'loop_token_reduction_pct is measured at that length, whatever it gives.',
  method:
    'Deterministic token counts (gpt-tokenizer o200k_base, no timing): both modes play the same scripted conversation ' +
    'against the same fixture servers (tool lists served unchanged from the capture), and every request of every model ' +
    'call is counted the same way; the bundle row uses the same esbuild options as bundle-size. Peers are the installed ' +
    'versions named in the table. Findability: each entry is indexed as the model reads it, one text `<server> <tool>: ' +
    '<summary or description>`. The layout first measured (server and tool name as a separate title field) found no ' +
    'length meeting the rule (recall@3 flat at 0.90 of full descriptions from 4 to 12 words); it was changed to the ' +
    'catalog line after that was seen, and both are reported. The other lengths’ 10-turn figures rewrite the catalog ' +
    'lines of the recorded lazy requests at that length (checked to reproduce the real run at the shipped length; the ' +
    'scripted model picks tools by exact name, so nothing else changes).',
  async run(context) {
    const captured = JSON.parse(
      readFileSync(join(here, 'fixtures', 'tool-lists.json'), 'utf8'),
    ) as CapturedToolLists;
    context.log(
      `tool lists of ${captured.servers.map((s) => `${s.package}@${s.version} (${s.tools.length})`).join(', ')}, captured ${captured.capturedAt}`,
    );
    const { measureLoop } = await importBundled<{ measureLoop: typeof MeasureLoop }>(
      join(here, 'measure-loop.ts'),
    );
    const { eagerToolList } = await importBundled<{ eagerToolList: typeof EagerToolList }>(
      join(here, 'measure-hub.ts'),
    );
    const fixtures = await startFixtureServers(
      Object.fromEntries(captured.servers.map((s) => [s.id, s.tools])),
      scriptedResult,
    );
    try {
      const servers = captured.servers.map((s) => ({ id: s.id, url: fixtures.urls[s.id]! }));
      const eager = await measureLoop(servers, CONVERSATION, 'eager');
      const lazy = await measureLoop(servers, CONVERSATION, 'lazy');
      // Both modes must do the same work for the user, or the comparison means nothing.
      const expected = CONVERSATION.flatMap((t) => t.calls.map((c) => c.tool));
      for (const [label, run] of [
        ['eager', eager],
        ['lazy', lazy],
      ] as const) {
        if (run.toolCalls.join() !== expected.join())
          throw new Error(`${label}: the MCP calls were ${run.toolCalls.join(', ')}`);
        if (run.answers.join('\n') !== CONVERSATION.map((t) => t.answer).join('\n'))
          throw new Error(`${label}: the answers differ from the script`);
      }
      const sum = (run: LoopRun) => run.requests.reduce((total, r) => total + requestTokens(r), 0);
      const eagerTokens = sum(eager);
      const lazyTokens = sum(lazy);
      const reduction = Math.round((1 - lazyTokens / eagerTokens) * 1000) / 10;
      const extraTurns = lazy.requests.length - eager.requests.length;
      const changes = toolSetChanges(CONVERSATION);
      const parts = (run: LoopRun) => {
        let system = 0;
        let history = 0;
        let tools = 0;
        for (const r of run.requests) {
          const [first, ...rest] = r.messages;
          system += first?.role === 'system' ? tokens(JSON.stringify(first)) : 0;
          history += tokens(JSON.stringify(first?.role === 'system' ? rest : r.messages));
          tools += r.tools?.length ? tokens(JSON.stringify(r.tools)) : 0;
        }
        return `system ${system} + history ${history} + tool definitions ${tools}`;
      };
      context.log(`eager: ${parts(eager)}; lazy: ${parts(lazy)}`);
      context.log(
        `10 turns: eager ${eagerTokens} tokens in ${eager.requests.length} requests, lazy ${lazyTokens} in ${lazy.requests.length}; ${reduction}% fewer, ${extraTurns} extra model turns for ${changes} changes of the needed tool set (${extraTurns <= changes ? 'at most one each' : 'MORE than one each'})`,
      );

      const ourList = tokens(JSON.stringify(await eagerToolList(servers)));
      const peerList = tokens(JSON.stringify(await peerEager(servers.map((s) => s.url))));
      context.log(`one eager tool list (63 tools): agent-chat ${ourList} tokens, @ai-sdk/mcp ${peerList}`);
      const peer = peerSubject(here, '@ai-sdk/mcp');
      return [
        { subject: AGENT_CHAT, metric: 'loop_tokens_eager_10_turns', value: eagerTokens, unit: 'tokens' },
        { subject: AGENT_CHAT, metric: 'loop_tokens_lazy_10_turns', value: lazyTokens, unit: 'tokens' },
        { subject: AGENT_CHAT, metric: 'loop_token_reduction_pct', value: reduction, unit: '%' },
        { subject: AGENT_CHAT, metric: 'extra_model_turns_lazy', value: extraTurns, unit: 'model calls' },
        { subject: AGENT_CHAT, metric: 'tool_set_changes', value: changes, unit: 'changes' },
        {
          subject: AGENT_CHAT,
          metric: 'extra_model_turns_per_tool_set_change',
          value: Math.round((extraTurns / changes) * 100) / 100,
          unit: 'model calls',
        },
        { subject: AGENT_CHAT, metric: 'eager_tool_list_tokens_4_servers', value: ourList, unit: 'tokens' },
        { subject: peer, metric: 'eager_tool_list_tokens_4_servers', value: peerList, unit: 'tokens' },
        ...(await bundleSizes(context.log)),
        ...(await catalogQuality(context, {
          captured,
          servers,
          lazyRequests: lazy.requests,
          eagerTokens,
          requestTokens,
          tokens,
        })),
      ];
    } finally {
      await fixtures.stop();
    }
  },
};
