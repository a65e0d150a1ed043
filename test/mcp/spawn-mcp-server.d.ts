import { type ChildProcess } from 'node:child_process';
/** A free TCP port on 127.0.0.1 (asked of the OS, then released). */
export declare function freePort(): Promise<number>;
/** A running MCP server process; `stop()` kills it (it also dies by itself after `maxLifetimeS`). */
export interface McpServerProcess {
  url: string;
  port: number;
  stop(): Promise<void>;
}
/**
 * Starts `@modelcontextprotocol/server-everything` over streamable HTTP on a free port, with an empty
 * environment (its `get-env` tool prints the environment) apart from PATH and PORT. `timeout` bounds
 * its lifetime even if the test process dies without stopping it.
 */
export declare function startServerEverything(maxLifetimeS?: number): Promise<McpServerProcess>;
/** Resolves when the process prints `pattern` (stdout or stderr); rejects on exit or timeout. */
export declare function waitForOutput(child: ChildProcess, pattern: RegExp, timeoutMs: number): Promise<void>;
/** Stops a child process: SIGTERM, then SIGKILL after 2 s. */
export declare function stopProcess(child: ChildProcess): Promise<void>;
