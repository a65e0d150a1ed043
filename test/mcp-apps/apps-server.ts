// A real MCP server (the SDK's McpServer over streamable HTTP, stateless) with the test MCP Apps: a
// probe app that tries to break out of its sandbox, bad apps, and tools whose `_meta.ui` is wrong.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { McpServer } from '@modelcontextprotocol/server';
import { answerStateless } from '../mcp/v2-servers.ts';
import { chattyApp, grabbyApp, probeApp, silentApp } from './test-apps.ts';

const MIME = 'text/html;profile=mcp-app';

/** The running server: its MCP URL, the collector's hits, and what clients said at `initialize`. */
export interface AppsServer {
  url: string;
  /** Base URL of the collector a hostile app reports to (`/popup`, `/fetch`, `/navigate`). */
  collector: string;
  /** Collector paths hit so far. */
  hits: string[];
  /** `capabilities` of every `initialize` request. */
  capabilities: unknown[];
  /** Names of the tools called, in order. */
  calls: string[];
  /** URIs of the `resources/read` requests, in order. */
  reads: string[];
  close(): Promise<void>;
}

function text(value: string) {
  return { content: [{ type: 'text' as const, text: value }] };
}

function build(server: AppsServer): McpServer {
  const mcp = new McpServer({ name: 'test-apps', version: '1.0.0' });
  const app = (name: string, uri: string, result: string, visibility?: string[]) =>
    mcp.registerTool(
      name,
      {
        description: `The ${name} tool.`,
        _meta: { ui: { resourceUri: uri, ...(visibility ? { visibility } : {}) } },
      },
      async () => {
        server.calls.push(name);
        return text(result);
      },
    );
  app('probe', 'ui://apps/probe.html', 'Probe result 31337.');
  app('silent', 'ui://apps/silent.html', 'Silent result.');
  app('chatty', 'ui://apps/chatty.html', 'Chatty result.');
  app('grabby', 'ui://apps/grabby.html', 'Grabby result.');
  app('missing', 'ui://apps/missing.html', 'Missing app, text result 404.');
  app('wrongmime', 'ui://apps/wrong.html', 'Wrong MIME, text result.');
  app('malformed', 'https://evil.example/app.html', 'Malformed meta, text result.');
  // Callable by the model only: its app may not call it.
  mcp.registerTool(
    'model_only',
    { description: 'For the model only.', _meta: { ui: { visibility: ['model'] } } },
    async () => text('model only'),
  );
  // Two names that qualify to the same key (mcp__apps__get_data): the dotted one is open to apps, the
  // underscored one is the model's only. An app naming `get_data` must not pass as `get.data`.
  mcp.registerTool('get.data', { description: 'Data for the model and apps.' }, async () => {
    server.calls.push('get.data');
    return text('get.data answered');
  });
  mcp.registerTool(
    'get_data',
    { description: 'Data for the model only.', _meta: { ui: { visibility: ['model'] } } },
    async () => {
      server.calls.push('get_data');
      return text('get_data answered');
    },
  );
  // Callable by its app only: never offered to the model.
  mcp.registerTool(
    'probe_log',
    { description: 'Logs for the probe app.', _meta: { ui: { visibility: ['app'] } } },
    async () => {
      server.calls.push('probe_log');
      return text('app-only tool answered');
    },
  );
  const resource = (uri: string, html: () => string, mimeType = MIME, meta?: Record<string, unknown>) =>
    mcp.registerResource(uri, uri, { mimeType }, async () => ({
      contents: [{ uri, mimeType, text: html(), ...(meta ? { _meta: meta } : {}) }],
    }));
  // No connectDomains: the collector is a host its CSP does not declare.
  resource('ui://apps/probe.html', () => probeApp(server.collector), MIME, {
    ui: { csp: { connectDomains: [] } },
  });
  resource('ui://apps/silent.html', () => silentApp);
  resource('ui://apps/chatty.html', () => chattyApp());
  // Declares the microphone: the host must ask the visitor before the frame gets it.
  resource('ui://apps/grabby.html', () => grabbyApp(), MIME, { ui: { permissions: { microphone: {} } } });
  resource('ui://apps/wrong.html', () => '<p>plain html</p>', 'text/html');
  return mcp;
}

/** Starts the server on 127.0.0.1, a free port. */
export async function startAppsServer(): Promise<AppsServer> {
  let http: Server | undefined;
  const server: AppsServer = {
    url: '',
    collector: '',
    hits: [],
    capabilities: [],
    calls: [],
    reads: [],
    close: async () => {
      http?.closeAllConnections();
      await new Promise((resolve) => http?.close(resolve));
    },
  };
  http = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (path.startsWith('/collect/')) {
      server.hits.push(path.slice('/collect'.length));
      res.writeHead(200, { 'content-type': 'text/plain' }).end('collected');
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      const text = chunks.length ? Buffer.concat(chunks).toString('utf8') : undefined;
      const body = text ? JSON.parse(text) : undefined;
      if (body?.method === 'initialize') server.capabilities.push(body.params?.capabilities);
      if (body?.method === 'resources/read') server.reads.push(body.params?.uri);
      await answerStateless(req, res, text, build(server));
    });
  });
  await new Promise<void>((resolve) => http!.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  server.url = `http://127.0.0.1:${port}/mcp`;
  server.collector = `http://127.0.0.1:${port}/collect`;
  return server;
}
