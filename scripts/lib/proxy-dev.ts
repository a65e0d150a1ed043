import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { stopProcess, waitUntilHealthy } from './child-process.ts';

/** A proxy running under `wrangler dev` (workerd). */
export interface ProxyDev {
  /** Origin of the proxy, e.g. `http://127.0.0.1:8787`. */
  url: string;
  /** Everything wrangler printed, for assertions on logs. */
  output(): string;
  /** The wrangler process (its workerd runtimes are its children). */
  pid: number;
  stop(): Promise<void>;
}

const root = resolve(import.meta.dirname, '../..');

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolvePort(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * Starts packages/proxy under `wrangler dev` offline (no metrics, no Cloudflare fetches) on 127.0.0.1.
 * Secrets go through a temporary env file (mode 600), never through the command line.
 */
export async function startProxyDev(options: ProxyDevOptions): Promise<ProxyDev> {
  // Several wrangler dev instances starting at once (tests in parallel, other processes) can race
  // for a port between choosing it and binding it; such a start is retried.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(options);
    } catch (error) {
      if (attempt >= 3 || !String(error).includes('Address already in use')) throw error;
    }
  }
}

/** Options of {@link startProxyDev}. */
export interface ProxyDevOptions {
  upstreamBaseUrl: string;
  allowedOrigins: string[];
  upstreamApiKey?: string;
  /**
   * Further vars and secrets by name (`MCP_SERVERS`, `MODELS`, `AUTH_SECRET`, a secret named by an
   * `apiKeySecret`…); written to the same mode-600 env file, never to the command line.
   */
  vars?: Record<string, string>;
  port?: number;
  /** Wrangler config to run (default packages/proxy/wrangler.jsonc), e.g. examples/proxy/wrangler.jsonc. */
  config?: string;
  /** Stop by itself after this long, so a crashed test leaves nothing running (default 10 min). */
  maxLifetimeMs?: number;
  /** Where wrangler keeps local state (D1, Durable Objects); default a temporary directory removed on stop. */
  persistTo?: string;
}

async function startOnce(options: ProxyDevOptions): Promise<ProxyDev> {
  const port = options.port ?? (await freePort());
  const dir = mkdtempSync(join(tmpdir(), 'agent-chat-proxy-'));
  const envFile = join(dir, '.dev.vars');
  const vars = [
    `UPSTREAM_BASE_URL=${options.upstreamBaseUrl}`,
    `ALLOWED_ORIGINS=${options.allowedOrigins.join(',')}`,
  ];
  if (options.upstreamApiKey) vars.push(`UPSTREAM_API_KEY=${options.upstreamApiKey}`);
  for (const [name, value] of Object.entries(options.vars ?? {})) {
    // .dev.vars is dotenv: single quotes keep JSON values (with quotes and braces) literal.
    if (value.includes("'") || /[\r\n]/.test(value))
      throw new Error(`${name} cannot be passed to wrangler dev.`);
    vars.push(`${name}='${value}'`);
  }
  writeFileSync(envFile, `${vars.join('\n')}\n`, { mode: 0o600 });

  let output = '';
  const child: ChildProcess = spawn(
    process.execPath,
    [
      join(root, 'node_modules/wrangler/bin/wrangler.js'),
      'dev',
      '--config',
      options.config ?? join(root, 'packages/proxy/wrangler.jsonc'),
      '--ip',
      '127.0.0.1',
      '--port',
      String(port),
      // An explicit inspector port: the default (9229) collides when several instances start at once.
      '--inspector-port',
      String(await freePort()),
      '--env-file',
      envFile,
      '--persist-to',
      options.persistTo ?? join(dir, 'state'),
      '--show-interactive-dev-session=false',
      '--log-level',
      'log',
    ],
    {
      cwd: join(root, 'packages/proxy'),
      env: {
        ...process.env,
        WRANGLER_SEND_METRICS: 'false',
        CLOUDFLARE_CF_FETCH_ENABLED: 'false',
        // A key in our own environment must not leak into the worker by accident.
        OPENAI_API_KEY: '',
        NO_COLOR: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const lifetime = setTimeout(() => child.kill('SIGTERM'), options.maxLifetimeMs ?? 600_000);
  lifetime.unref();

  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    clearTimeout(lifetime);
    await stopProcess(child);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitUntilHealthy(url, { child, what: 'wrangler dev', output: () => output, timeoutMs: 60_000 });
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, output: () => output, pid: child.pid ?? 0, stop };
}
