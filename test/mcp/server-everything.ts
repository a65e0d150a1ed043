import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { stopProcess } from '../../scripts/lib/child-process.ts';
import { freePort } from '../../scripts/lib/proxy-dev.ts';

export { freePort };

const root = join(import.meta.dirname, '..', '..');

/** A running server-everything process; `stop()` kills it (it also dies by itself after `maxLifetimeS`). */
export interface McpServerProcess {
  /** Its MCP endpoint, `http://127.0.0.1:<port>/mcp`. */
  url: string;
  port: number;
  stop(): Promise<void>;
}

/**
 * Starts `@modelcontextprotocol/server-everything` over streamable HTTP on a free port, with an empty
 * environment (its `get-env` tool prints the environment) apart from PATH and PORT. `timeout` bounds
 * its lifetime even if the test process dies without stopping it.
 */
export async function startServerEverything(maxLifetimeS = 240): Promise<McpServerProcess> {
  const port = await freePort();
  const script = join(root, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js');
  const child = spawn(
    'timeout',
    ['-s', 'KILL', String(maxLifetimeS), process.execPath, script, 'streamableHttp'],
    {
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', PORT: String(port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  // Keep draining its output: the server logs every request, and a full pipe would block it.
  child.stdout?.on('data', () => undefined);
  child.stderr?.on('data', () => undefined);
  await waitForOutput(child, /listening on port/, 20_000);
  return { url: `http://127.0.0.1:${port}/mcp`, port, stop: () => stopProcess(child, 2_000) };
}

/** Resolves when the process prints `pattern` (stdout or stderr); rejects on exit or timeout. */
export function waitForOutput(child: ChildProcess, pattern: RegExp, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => {
      cleanup();
      reject(new Error(`Process did not print ${pattern} within ${timeoutMs} ms. Output: ${output}`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (pattern.test(output)) {
        cleanup();
        resolve();
      }
    };
    const onExit = (code: number | null) => {
      cleanup();
      reject(new Error(`Process exited (${code}) before printing ${pattern}. Output: ${output}`));
    };
    const cleanup = () => {
      clearTimeout(timer);
      child.stdout?.off('data', onData);
      child.stderr?.off('data', onData);
      child.off('exit', onExit);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', onExit);
  });
}
