import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

/**
 * The socket `wrangler dev` runs the Worker itself on, behind the dev-only ProxyWorker that serves
 * the public port (a second workerd that queues requests in a Durable Object so it can hold them
 * across reloads, then fetches the Worker's socket). Measuring both splits wrangler dev's overhead
 * into that dev-only hop and the runtime's own. Found from the wrangler process's workerd children:
 * a loopback socket, other than the public port, that answers `GET /health` with 200. Linux only
 * (reads /proc); undefined when it cannot be found.
 */
export async function workerSocketUrl(wranglerPid: number, publicUrl: string): Promise<string | undefined> {
  if (process.platform !== 'linux' || wranglerPid === 0) return undefined;
  const publicPort = Number(new URL(publicUrl).port);
  const ports = new Set<number>();
  for (const pid of descendants(wranglerPid)) {
    if (!readText(`/proc/${pid}/comm`).startsWith('workerd')) continue;
    for (const port of listeningPorts(pid)) if (port !== publicPort) ports.add(port);
  }
  for (const port of ports) {
    const url = `http://127.0.0.1:${port}`;
    try {
      const response = await fetch(`${url}/health`, { signal: AbortSignal.timeout(2000) });
      await response.arrayBuffer();
      if (response.status === 200) return url;
    } catch {
      // not an HTTP socket of the Worker (the inspector, the ProxyWorker's control socket…)
    }
  }
  return undefined;
}

function descendants(pid: number): number[] {
  const children = readText(`/proc/${pid}/task/${pid}/children`).split(/\s+/).filter(Boolean).map(Number);
  return children.flatMap((child) => [child, ...descendants(child)]);
}

/** Loopback TCP ports process `pid` listens on: its socket inodes matched against /proc/net/tcp. */
function listeningPorts(pid: number): number[] {
  const inodes = new Set<string>();
  let fds: string[] = [];
  try {
    fds = readdirSync(`/proc/${pid}/fd`);
  } catch {
    return [];
  }
  for (const fd of fds) {
    try {
      const target = readlinkSync(`/proc/${pid}/fd/${fd}`);
      const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1];
      if (inode) inodes.add(inode);
    } catch {
      // closed meanwhile
    }
  }
  const ports: number[] = [];
  for (const line of readText(`/proc/${pid}/net/tcp`).split('\n').slice(1)) {
    const fields = line.trim().split(/\s+/);
    // local_address is HEX_IP:HEX_PORT; state 0A is LISTEN; 0100007F is 127.0.0.1.
    const [ip, port] = (fields[1] ?? '').split(':');
    if (fields[3] === '0A' && ip === '0100007F' && inodes.has(fields[9] ?? ''))
      ports.push(Number.parseInt(port ?? '', 16));
  }
  return ports;
}

function readText(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}
