// Captures the tools/list answers of real MCP servers from npm into fixtures/tool-lists.json, with their
// provenance (package, version, date). Run once by hand when a server is updated:
//   node bench/mcp-tool-tokens/capture-tool-lists.ts
// The benchmark serves these lists unchanged, so its token counts do not depend on spawning four servers.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Client, type Tool } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';

const here = import.meta.dirname;
const root = join(here, '..', '..');

/** One captured server: where its tool list came from, and the list as the server sent it. */
export interface CapturedServer {
  id: string;
  package: string;
  version: string;
  /** Arguments the stdio server was started with (paths replaced by a placeholder). */
  args: string[];
  tools: Tool[];
}

/** fixtures/tool-lists.json. */
export interface CapturedToolLists {
  capturedAt: string;
  /** The capabilities the capturing client declared (server-everything lists some tools only for them). */
  clientCapabilities: Record<string, unknown>;
  servers: CapturedServer[];
}

// What McpHub declares by default (no sampling model): the lists an agent-chat page actually receives.
const CAPABILITIES = { elicitation: { form: { applyDefaults: true } } };

async function capture(
  id: string,
  pkg: string,
  from: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<CapturedServer> {
  const require = createRequire(join(from, 'package.json'));
  const manifest = require.resolve(`${pkg}/package.json`);
  const { version, bin } = JSON.parse(readFileSync(manifest, 'utf8')) as {
    version: string;
    bin: string | Record<string, string>;
  };
  const script = join(dirname(manifest), typeof bin === 'string' ? bin : Object.values(bin)[0]!);
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [script, ...args],
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...env },
    stderr: 'ignore',
  });
  const client = new Client({ name: 'agent-chat', version: '0.1.0' }, { capabilities: CAPABILITIES });
  await client.connect(transport);
  try {
    const tools: Tool[] = [];
    let cursor: string | undefined;
    do {
      const page = await client.listTools(cursor ? { cursor } : undefined);
      tools.push(...page.tools);
      cursor = page.nextCursor;
    } while (cursor);
    return { id, package: pkg, version, args: args.map((a) => (a.startsWith('/') ? '<dir>' : a)), tools };
  } finally {
    await client.close();
  }
}

const dir = mkdtempSync(join(tmpdir(), 'capture-mcp-'));
try {
  const servers = [
    await capture('everything', '@modelcontextprotocol/server-everything', root, ['stdio']),
    await capture('memory', '@modelcontextprotocol/server-memory', here, [], {
      MEMORY_FILE_PATH: join(dir, 'memory.jsonl'),
    }),
    await capture('files', '@modelcontextprotocol/server-filesystem', here, [dir]),
    await capture('github', '@modelcontextprotocol/server-github', here, []),
  ];
  const out: CapturedToolLists = {
    capturedAt: new Date().toISOString().slice(0, 10),
    clientCapabilities: CAPABILITIES,
    servers,
  };
  writeFileSync(join(here, 'fixtures', 'tool-lists.json'), `${JSON.stringify(out, null, 2)}\n`);
  for (const s of servers) console.log(`${s.package}@${s.version}: ${s.tools.length} tools`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
