import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { stopProcess } from '../../scripts/lib/child-process.ts';
import { freePort } from '../../scripts/lib/proxy-dev.ts';
import { type McpServerProcess, waitForOutput } from '../mcp/server-everything.ts';

const root = join(import.meta.dirname, '..', '..');

/**
 * Starts the extension's npm example `@modelcontextprotocol/server-basic-vanillajs` as published
 * (`node dist/index.js`, streamable HTTP at /mcp on `PORT`). It dies by itself after `maxLifetimeS`.
 */
export async function startBasicVanillaServer(maxLifetimeS = 300): Promise<McpServerProcess> {
  const port = await freePort();
  const script = join(root, 'node_modules/@modelcontextprotocol/server-basic-vanillajs/dist/index.js');
  const child = spawn('timeout', ['-s', 'KILL', String(maxLifetimeS), process.execPath, script], {
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', () => undefined);
  child.stderr?.on('data', () => undefined);
  await waitForOutput(child, /listening on/, 20_000);
  return { url: `http://127.0.0.1:${port}/mcp`, port, stop: () => stopProcess(child, 2_000) };
}
