import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stopProcess, waitUntilHealthy } from './child-process.ts';
import { freePort } from './proxy-dev.ts';

/** A Worker to serve: the directory holding its wrangler config, its plain-text vars, its Durable Objects. */
export interface ServedWorker {
  name: string;
  configDir: string;
  vars: Record<string, string>;
  /** Durable Object classes the bundle exports, each bound under `binding` (kept in memory). */
  durableObjects?: { binding: string; className: string }[];
  /**
   * Durable Object namespaces of another served Worker (`owner`, by name), bound here too: several
   * Workers, each its own isolate, sharing one set of objects.
   */
  sharedDurableObjects?: { binding: string; className: string; owner: string }[];
  /**
   * Where the Durable Objects keep their storage: `memory` (default; key-value only) or `disk` (a folder
   * of the run's temporary directory: SQLite, for objects that use the SQL API).
   */
  storage?: 'memory' | 'disk';
}

/** Workers running under `workerd serve`, by name. */
export interface WorkerdServe {
  urls: Record<string, string>;
  stop(): Promise<void>;
}

/**
 * Runs Workers under `workerd serve` alone: the open-source Workers runtime that `wrangler dev`
 * also runs, without wrangler dev's layers (its ProxyWorker, Miniflare's entry worker, the
 * inspector). Each Worker is the bundle `wrangler deploy --dry-run` writes, i.e. what would be
 * deployed. Outbound fetches may reach loopback (the scripted model server). Bounded: stopped by
 * `stop()` or after `maxLifetimeMs`.
 */
export async function startWorkerdServe(
  workers: ServedWorker[],
  maxLifetimeMs = 300_000,
): Promise<WorkerdServe> {
  const dir = mkdtempSync(join(tmpdir(), 'agent-chat-workerd-'));
  const urls: Record<string, string> = {};
  const services: string[] = [];
  const sockets: string[] = [];
  const definitions: string[] = [];
  for (const [index, worker] of workers.entries()) {
    const out = join(dir, `w${index}`);
    await bundleForDeploy(worker.configDir, out);
    // wrangler names the bundle after the entry file (`worker.js` for `main: "worker.ts"`).
    const bundle = readdirSync(out).find((file) => file.endsWith('.js'));
    const port = await freePort();
    urls[worker.name] = `http://127.0.0.1:${port}`;
    services.push(`(name = "w${index}", worker = .w${index})`);
    sockets.push(`(name = "s${index}", address = "127.0.0.1:${port}", http = (), service = "w${index}")`);
    const bindings = Object.entries(worker.vars).map(
      ([name, value]) => `(name = ${JSON.stringify(name)}, text = ${JSON.stringify(value)})`,
    );
    const objects = worker.durableObjects ?? [];
    for (const { binding, className } of objects) {
      bindings.push(
        `(name = ${JSON.stringify(binding)}, durableObjectNamespace = ${JSON.stringify(className)})`,
      );
    }
    for (const { binding, className, owner } of worker.sharedDurableObjects ?? []) {
      const service = workers.findIndex((other) => other.name === owner);
      if (service < 0)
        throw new Error(`${worker.name} shares Durable Objects of ${owner}, which is not served`);
      bindings.push(
        `(name = ${JSON.stringify(binding)}, durableObjectNamespace = (className = ${JSON.stringify(className)}, serviceName = "w${service}"))`,
      );
    }
    const namespaces = objects.map(
      ({ className }) =>
        `(className = ${JSON.stringify(className)}, uniqueKey = "w${index}-${className}", enableSql = true)`,
    );
    let storage = namespaces.length > 0 ? '(inMemory = void)' : '(none = void)';
    if (namespaces.length > 0 && worker.storage === 'disk') {
      const path = join(dir, `do${index}`);
      mkdirSync(path);
      services.push(`(name = "do${index}", disk = (path = ${JSON.stringify(path)}, writable = true))`);
      storage = `(localDisk = "do${index}")`;
    }
    // Cap'n Proto resolves an absolute embed path against its import path, so it is relative to the config.
    definitions.push(
      `const w${index} :Workerd.Worker = (
  modules = [(name = "worker.js", esModule = embed "w${index}/${bundle}")],
  compatibilityDate = "2026-11-01",
  bindings = [${bindings.join(', ')}],
  durableObjectNamespaces = [${namespaces.join(', ')}],
  durableObjectStorage = ${storage},
  globalOutbound = "internet",
);`,
    );
  }
  const config = join(dir, 'config.capnp');
  writeFileSync(
    config,
    `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  services = [${[...services, '(name = "internet", network = (allow = ["public", "private", "local"]))'].join(', ')}],
  sockets = [${sockets.join(', ')}],
);
${definitions.join('\n')}
`,
  );
  let output = '';
  const child: ChildProcess = spawn(workerdBinary(), ['serve', config], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Drained so the Workers' log lines never block on a full pipe; kept short for error messages.
  child.stdout?.on('data', (d) => {
    output = (output + d).slice(-4000);
  });
  child.stderr?.on('data', (d) => {
    output = (output + d).slice(-4000);
  });
  const lifetime = setTimeout(() => child.kill('SIGTERM'), maxLifetimeMs);
  lifetime.unref();
  const stop = async () => {
    clearTimeout(lifetime);
    await stopProcess(child);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    for (const url of Object.values(urls)) {
      await waitUntilHealthy(url, {
        child,
        what: 'workerd serve',
        output: () => output,
        timeoutMs: 30_000,
        intervalMs: 100,
      });
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { urls, stop };
}

/** The workerd binary wrangler runs (wrangler → miniflare → workerd), so both measure the same runtime. */
function workerdBinary(): string {
  const fromProxy = createRequire(join(import.meta.dirname, '../../packages/proxy/package.json'));
  const fromWrangler = createRequire(fromProxy.resolve('wrangler/package.json'));
  const fromMiniflare = createRequire(fromWrangler.resolve('miniflare'));
  return (fromMiniflare('workerd') as { default: string }).default;
}

/** `wrangler deploy --dry-run --outdir`: the bundle a deploy would upload, built offline. */
function bundleForDeploy(configDir: string, outdir: string): Promise<void> {
  const fromProxy = createRequire(join(import.meta.dirname, '../../packages/proxy/package.json'));
  const wrangler = join(fromProxy.resolve('wrangler/package.json'), '../bin/wrangler.js');
  return new Promise((resolve, reject) => {
    let output = '';
    const child = spawn(process.execPath, [wrangler, 'deploy', '--dry-run', '--outdir', outdir], {
      cwd: configDir,
      env: {
        ...process.env,
        WRANGLER_SEND_METRICS: 'false',
        CLOUDFLARE_CF_FETCH_ENABLED: 'false',
        NO_COLOR: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (d) => {
      output += d;
    });
    child.stderr.on('data', (d) => {
      output += d;
    });
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`wrangler deploy --dry-run failed (${code}):\n${output}`)),
    );
  });
}
