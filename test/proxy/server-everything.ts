import { type ChildProcess, spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { freePort } from '../../scripts/lib/proxy-dev.ts';

const root = resolve(import.meta.dirname, '../..');

/** A running `@modelcontextprotocol/server-everything` (streamable HTTP). */
export interface EverythingServer {
  /** Its MCP endpoint, `http://127.0.0.1:<port>/mcp`. */
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts server-everything on 127.0.0.1 with an EMPTY environment apart from PATH and PORT (its
 * get-env tool prints the environment). It is killed after `maxLifetimeMs` even if a test crashes.
 */
export async function startServerEverything(maxLifetimeMs = 300_000): Promise<EverythingServer> {
  const port = await freePort();
  const child: ChildProcess = spawn(
    process.execPath,
    [resolve(root, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js'), 'streamableHttp'],
    {
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', PORT: String(port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const listening = new Promise<void>((resolveListening, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk;
      if (/listening on port/i.test(output)) resolveListening();
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`server-everything exited (${code}): ${output}`)));
  });
  const lifetime = setTimeout(() => child.kill('SIGKILL'), maxLifetimeMs);
  lifetime.unref();
  const stop = async () => {
    clearTimeout(lifetime);
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 2000))]);
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  const timeout = setTimeout(() => void stop(), 20_000);
  try {
    await listening;
  } finally {
    clearTimeout(timeout);
  }
  return { url: `http://127.0.0.1:${port}/mcp`, stop };
}
