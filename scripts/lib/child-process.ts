import type { ChildProcess } from 'node:child_process';

/** Stops a child process: SIGTERM, then SIGKILL if it is still running after `graceMs`. */
export function stopProcess(child: ChildProcess, graceMs = 5_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** What {@link waitUntilHealthy} polls and how it reports a failure. */
export interface HealthWait {
  /** The process serving `url`: its exit ends the wait at once. */
  child: ChildProcess;
  /** Names the server in errors, e.g. `wrangler dev`. */
  what: string;
  /** The server's output so far, for the error message. */
  output: () => string;
  timeoutMs: number;
  intervalMs?: number;
}

/** Polls `GET {url}/health` until it answers 2xx; throws (naming the server, with its output) when it exits or times out. */
export async function waitUntilHealthy(url: string, wait: HealthWait): Promise<void> {
  const deadline = Date.now() + wait.timeoutMs;
  for (;;) {
    if (wait.child.exitCode !== null) {
      throw new Error(`${wait.what} exited with code ${wait.child.exitCode}:\n${wait.output()}`);
    }
    try {
      const response = await fetch(`${url}/health`);
      await response.arrayBuffer();
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      throw new Error(
        `${wait.what} did not answer ${url}/health within ${wait.timeoutMs / 1000} s:\n${wait.output()}`,
      );
    }
    await new Promise((r) => setTimeout(r, wait.intervalMs ?? 250));
  }
}
