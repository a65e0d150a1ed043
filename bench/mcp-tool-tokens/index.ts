import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { createMCPClient } from '@ai-sdk/mcp';
import { countTokens } from 'gpt-tokenizer';
import { BROWSER, bundle } from '../bundle-size/esbuild-bundle.ts';
import { AGENT_CHAT, type Benchmark, type Measurement } from '../lib/benchmark.ts';
import { importBundled } from '../lib/import-bundled.ts';
import { peerSubject } from '../lib/installed-version.ts';
import { startFixtureServers } from './fixture-servers.ts';
import { CALENDAR_MAIL, DRIVE, TRACKER } from './fixture-tools.ts';
import type { measureHub as MeasureHub, ToolSpecJson } from './measure-hub.ts';

const here = import.meta.dirname;

/** A set of 3 servers × 15 tools and the 3 tools one turn needs. */
interface Dataset {
  label: string;
  servers: Array<{ id: string; url: string; allow: string[] }>;
  selected: string[];
}

const tokens = (text: string) => countTokens(text);
const specTokens = (specs: ToolSpecJson[]) => tokens(JSON.stringify(specs));

/** The AI SDK's MCP client: `tools()` returns every tool with its full schema (what it sends). */
async function peerEager(dataset: Dataset): Promise<ToolSpecJson[]> {
  const specs: ToolSpecJson[] = [];
  for (const server of dataset.servers) {
    const client = await createMCPClient({ transport: { type: 'http', url: server.url } });
    try {
      const tools = await client.tools();
      for (const name of server.allow) {
        const tool = tools[name] as unknown as { description?: string; inputSchema: { jsonSchema: unknown } };
        if (!tool) throw new Error(`@ai-sdk/mcp did not list ${name}`);
        const parameters = (await tool.inputSchema.jsonSchema) as Record<string, unknown>;
        specs.push({ name, description: tool.description ?? '', parameters });
      }
    } finally {
      await client.close();
    }
  }
  return specs;
}

async function measure(
  dataset: Dataset,
  measureHub: typeof MeasureHub,
  log: (m: string) => void,
): Promise<Measurement[]> {
  const hubServers = dataset.servers.map(({ id, url, allow }) => ({ id, url, allow }));
  const { eager, catalog, lazy, materialised } = await measureHub(hubServers, dataset.selected);
  const expected = dataset.servers.reduce((sum, server) => sum + server.allow.length, 0);
  if (eager.length !== expected)
    throw new Error(`${dataset.label}: expected ${expected} tools, the hub listed ${eager.length}`);
  if (materialised.sort().join() !== [...dataset.selected].sort().join())
    throw new Error(`${dataset.label}: lazy hub materialised ${materialised.join(', ')}`);
  const peer = await peerEager(dataset);
  const eagerTokens = specTokens(eager);
  const lazyTokens = tokens(catalog) + specTokens(lazy);
  const peerTokens = specTokens(peer);
  const reduction = Math.round((1 - lazyTokens / eagerTokens) * 1000) / 10;
  log(
    `${dataset.label}: eager ${eagerTokens} tokens, lazy ${lazyTokens} (catalog ${tokens(catalog)} + 3 schemas ${specTokens(lazy)}), ${reduction}% fewer; @ai-sdk/mcp ${peerTokens}`,
  );
  const who = peerSubject(here, '@ai-sdk/mcp');
  return [
    {
      subject: AGENT_CHAT,
      metric: `eager_tool_list_tokens_${dataset.label}`,
      value: eagerTokens,
      unit: 'tokens',
    },
    { subject: who, metric: `eager_tool_list_tokens_${dataset.label}`, value: peerTokens, unit: 'tokens' },
    {
      subject: AGENT_CHAT,
      metric: `lazy_tool_list_tokens_${dataset.label}`,
      value: lazyTokens,
      unit: 'tokens',
    },
    { subject: who, metric: `lazy_tool_list_tokens_${dataset.label}`, value: peerTokens, unit: 'tokens' },
    { subject: AGENT_CHAT, metric: `lazy_token_reduction_${dataset.label}`, value: reduction, unit: '%' },
  ];
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

/** server-everything over streamable HTTP, empty environment, bounded lifetime. */
async function startServerEverything(root: string): Promise<{ url: string; stop: () => void }> {
  const port = await freePort();
  const script = join(root, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js');
  const child = spawn('timeout', ['-s', 'KILL', '120', process.execPath, script, 'streamableHttp'], {
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('server-everything did not start in 20 s')), 20_000);
    const onData = (chunk: Buffer) => {
      if (/listening on port/.test(chunk.toString())) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
  });
  return { url: `http://127.0.0.1:${port}/mcp`, stop: () => child.kill('SIGTERM') };
}

/** Bytes a page downloads for MCP: our hub vs the AI SDK's MCP client (browser, minified, gzip -9). */
async function bundleSizes(log: (m: string) => void): Promise<Measurement[]> {
  const rows: Measurement[] = [];
  for (const [subject, entry] of [
    [AGENT_CHAT, 'agent-chat-mcp.ts'],
    [peerSubject(here, '@ai-sdk/mcp'), 'ai-sdk-mcp.ts'],
  ] as const) {
    const code = await bundle(join(here, 'entries', entry), BROWSER);
    const gzip = gzipSync(code, { level: 9 }).byteLength;
    log(`${subject} MCP client bundle: ${code.byteLength} bytes minified, ${gzip} gzip`);
    rows.push({ subject, metric: 'min_gzip_bytes_mcp_client', value: gzip, unit: 'bytes' });
  }
  return rows;
}

export const benchmark: Benchmark = {
  description:
    'Tokens (gpt-tokenizer, o200k) of the tool list sent to the model with 3 MCP servers × 15 tools, as JSON `{name, description, parameters}` specs. ' +
    "eager: every full definition (agent-chat `hub.tools()`; @ai-sdk/mcp `client.tools()` per server). lazy: agent-chat McpHub's supervisor catalog " +
    '(`toolCatalogText`: one `- tool: first sentence` line per tool, grouped by server) plus the full definitions of the 3 tools picked for the turn; the peer has no lazy mode, so its eager list is the comparison. ' +
    'Datasets: work_apps = three real SDK servers over HTTP with 45 tools written for this benchmark (tracker, drive, calendar + mail: multi-sentence descriptions, documented parameters); ' +
    'everything = @modelcontextprotocol/server-everything mounted three times, 15 of its tools each (short one-sentence descriptions, small schemas). ' +
    'min_gzip_bytes_mcp_client: esbuild browser bundle of `McpHub` + `toolCatalogText` vs `createMCPClient` from @ai-sdk/mcp.',
  async run(context) {
    const { measureHub } = await importBundled<{ measureHub: typeof MeasureHub }>(
      join(here, 'measure-hub.ts'),
    );
    const fixtures = await startFixtureServers({ tracker: TRACKER, drive: DRIVE, calendar: CALENDAR_MAIL });
    const everything = await startServerEverything(context.root);
    try {
      const rows: Measurement[] = [];
      const names = (tools: Array<{ name: string }>) => tools.map((t) => t.name);
      rows.push(
        ...(await measure(
          {
            label: 'work_apps',
            servers: [
              { id: 'tracker', url: fixtures.urls.tracker!, allow: names(TRACKER) },
              { id: 'drive', url: fixtures.urls.drive!, allow: names(DRIVE) },
              { id: 'calendar', url: fixtures.urls.calendar!, allow: names(CALENDAR_MAIL) },
            ],
            selected: [
              'mcp__tracker__search_issues',
              'mcp__tracker__add_issue_comment',
              'mcp__calendar__create_event',
            ],
          },
          measureHub,
          context.log,
        )),
      );
      // Which tools server-everything lists depends on the client's capabilities: take 15 both clients see.
      const peerList = await createMCPClient({ transport: { type: 'http', url: everything.url } });
      const peerNames = new Set(Object.keys(await peerList.tools()));
      await peerList.close();
      const hubNames = (await measureHub([{ id: 'everything', url: everything.url }], [])).eager.map((t) =>
        t.name.replace('mcp__everything__', ''),
      );
      const fifteen = hubNames
        .filter((name) => peerNames.has(name))
        .sort()
        .slice(0, 15);
      if (fifteen.length < 15)
        context.log(`everything: only ${fifteen.length} tools are listed to both clients`);
      rows.push(
        ...(await measure(
          {
            label: 'everything',
            servers: ['a', 'b', 'c'].map((x) => ({
              id: `everything-${x}`,
              url: everything.url,
              allow: fifteen,
            })),
            selected: [
              `mcp__everything-a__${fifteen[0]}`,
              `mcp__everything-b__${fifteen[1]}`,
              `mcp__everything-c__${fifteen[2]}`,
            ],
          },
          measureHub,
          context.log,
        )),
      );
      rows.push(...(await bundleSizes(context.log)));
      return rows;
    } finally {
      everything.stop();
      await fixtures.stop();
    }
  },
};
