import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// The README's `npm run demo` as a newcomer runs it on CI's kind of machine: only the system Node (20) and
// its npm on PATH, no pnpm, no provider key. scripts/toolchain.sh must put the pinned Node 22 + pnpm first,
// and the demo must come up and say what to set. The process group is ended at the end, whatever happened.
const root = resolve(import.meta.dirname, '../..');
const SYSTEM_DIRS = ['/usr/local/bin', '/usr/bin', '/bin'];

/** The system's own Node (not the pinned one), and its major version; undefined when there is none. */
function systemNode(): { path: string; major: number } | undefined {
  for (const dir of SYSTEM_DIRS) {
    const path = join(dir, 'node');
    if (!existsSync(path)) continue;
    const version = execFileSync(path, ['-p', 'process.versions.node'], { encoding: 'utf8' }).trim();
    return { path, major: Number(version.split('.')[0]) };
  }
  return undefined;
}

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
}

const node = systemNode();
const dist = mkdtempSync(join(tmpdir(), 'agent-chat-demo-node20-'));
let demo: ChildProcess | undefined;

async function stop(child: ChildProcess | undefined): Promise<void> {
  if (!child?.pid || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, name);
    } catch {
      // Already gone.
    }
  };
  signal('SIGTERM');
  const timer = setTimeout(() => signal('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

afterAll(async () => {
  await stop(demo);
  rmSync(dist, { recursive: true, force: true });
});

describe('npm run demo with only the system Node and npm', () => {
  it.skipIf(!node || node.major >= 22)(
    'bootstraps Node 22 + pnpm, builds the widget and serves the demo page, which says what to set without a key',
    async () => {
      const port = await freePort();
      // A newcomer's shell: system folders only (no pinned toolchain, no pnpm), no provider variables.
      const env: NodeJS.ProcessEnv = {
        PATH: SYSTEM_DIRS.join(':'),
        HOME: process.env.HOME ?? tmpdir(),
        LANG: 'C.UTF-8',
        DEMO_PORT: String(port),
        DEMO_DIST_DIR: dist,
      };
      expect(execFileSync('node', ['-v'], { env, encoding: 'utf8' })).toMatch(/^v(1\d|2[01])\./);
      const child = spawn('npm', ['run', 'demo'], { cwd: root, env, detached: true });
      demo = child;
      let output = '';
      child.stdout?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
      });
      child.stderr?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
      });
      const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));

      const started = await Promise.race([
        (async () => {
          const deadline = Date.now() + 300_000;
          while (Date.now() < deadline) {
            if (/agent-chat demo: http:\/\/127\.0\.0\.1:\d+/.test(output)) return true;
            await new Promise((wait) => setTimeout(wait, 250));
          }
          return false;
        })(),
        exited.then(() => false),
      ]);
      expect(started, output).toBe(true);

      // The pinned toolchain ran the demo, not the system Node.
      expect(output).toMatch(/\[toolchain\] node v22\.\d+\.\d+, pnpm 10\./);
      expect(output).toContain('No provider configured');
      expect(output).toContain('set OPENAI_API_KEY');
      expect(output).toContain(`agent-chat demo: http://127.0.0.1:${port}`);

      const page = await fetch(`http://127.0.0.1:${port}/`);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain('<agent-chat');
      // The page itself tells the visitor what to set for a remote model.
      expect(html).toContain('No provider key is configured.');
      expect(html).toContain('OPENAI_API_KEY');
      const script = await fetch(`http://127.0.0.1:${port}/agent-chat.js`);
      expect(script.status).toBe(200);
      expect(script.headers.get('content-type')).toMatch(/javascript/);
      expect((await script.text()).length).toBeGreaterThan(10_000);

      await stop(child);
      demo = undefined;
      await expect(fetch(`http://127.0.0.1:${port}/`)).rejects.toThrow();
    },
    360_000,
  );
});
