// Where a subject's main-thread time goes, from a `node --cpu-prof` profile: self time summed by where the
// code comes from (a core source file, a package, a Node internal), mapped back through the bundle's
// source map, counting only samples inside the measured window (not the warm-up).
import { readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { fileURLToPath } from 'node:url';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}

/** A `.cpuprofile` as V8 writes it (times in microseconds on the monotonic clock). */
export interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** Share of sampled time (idle excluded) per origin, largest first. */
export type Breakdown = Array<{ origin: string; percent: number }>;

/** Sums self time by origin over the samples taken between `fromMicros` and `toMicros`. */
export function profileBreakdown(profile: CpuProfile, fromMicros: number, toMicros: number): Breakdown {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const maps = new Map<string, SourceMap | undefined>();
  const micros = new Map<string, number>();
  let time = profile.startTime;
  for (const [i, id] of profile.samples.entries()) {
    const delta = profile.timeDeltas[i] ?? 0;
    time += delta;
    if (time < fromMicros || time > toMicros) continue;
    const origin = originOf(byId.get(id)!, maps);
    if (origin === '(idle)') continue;
    micros.set(origin, (micros.get(origin) ?? 0) + delta);
  }
  const total = [...micros.values()].reduce((a, b) => a + b, 0);
  if (total === 0) throw new Error('the CPU profile has no samples inside the measured window');
  return [...micros.entries()]
    .map(([origin, us]) => ({ origin, percent: Math.round((us / total) * 1000) / 10 }))
    .sort((a, b) => b.percent - a.percent);
}

function originOf({ callFrame }: ProfileNode, maps: Map<string, SourceMap | undefined>): string {
  const { url, functionName, lineNumber, columnNumber } = callFrame;
  if (!url) return functionName; // (garbage collector), (program), (idle), native builtins
  if (url.startsWith('wasm://')) return 'Node fetch (undici) HTTP parser (WASM)';
  if (url.startsWith('node:')) {
    if (url.includes('undici')) return 'Node fetch (undici)';
    if (url.includes('webstreams')) return 'Node web streams';
    return url.replace(/^node:(internal\/)?/, 'Node ');
  }
  if (!maps.has(url)) maps.set(url, sourceMapOf(url));
  const entry = maps.get(url)?.findEntry(lineNumber, columnNumber);
  const file = entry && 'originalSource' in entry ? entry.originalSource : url;
  const core = /packages\/core\/src\/(.+)$/.exec(file);
  if (core) return `agent-chat core: ${core[1]}`;
  const pkg = /node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?((?:@[^/]+\/)?[^/]+)/.exec(file);
  if (pkg) return pkg[1]!;
  if (/bench\/agent-overhead\//.test(file)) return `bench: ${file.replace(/^.*bench\/agent-overhead\//, '')}`;
  return file;
}

function sourceMapOf(url: string): SourceMap | undefined {
  try {
    const path = url.startsWith('file:') ? fileURLToPath(url) : url;
    return new SourceMap(JSON.parse(readFileSync(`${path}.map`, 'utf8')));
  } catch {
    return undefined;
  }
}
