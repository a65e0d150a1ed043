// Attribution of long main-thread tasks from a Chromium trace: each task's wall time (dur) against the
// CPU time the main thread actually got (tdur), and what ran inside it. On a loaded machine a task can
// take 150 ms of wall time while the thread ran for 40 ms: that is CPU contention, not our code.

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string; data?: { url?: string; functionName?: string } };
}

/** One task of at least `minMs` wall time on the renderer's main thread. */
export interface TracedTask {
  wallMs: number;
  cpuMs: number;
  /** The biggest kinds of work inside it, by CPU time ("FunctionCall 12 ms", "Layout 30 ms", …). */
  inside: string[];
}

/** Trace categories that carry RunTask plus script, style, layout, paint and GC events. */
export const TRACE_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8'];

/** Long tasks of the page's main thread in a Chrome trace (JSON as `browser.stopTracing()` returns it). */
export function longTasks(trace: Buffer, minMs = 50): TracedTask[] {
  const { traceEvents } = JSON.parse(trace.toString('utf8')) as { traceEvents: TraceEvent[] };
  const main = traceEvents.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const threads = new Set(main.map((e) => `${e.pid}:${e.tid}`));
  const onMain = traceEvents.filter((e) => e.ph === 'X' && threads.has(`${e.pid}:${e.tid}`));
  const tasks = onMain.filter((e) => e.name === 'RunTask' && (e.dur ?? 0) >= minMs * 1000);
  const kinds = new Set([
    'FunctionCall',
    'EvaluateScript',
    'v8.compile',
    'UpdateLayoutTree',
    'Layout',
    'Paint',
  ]);
  return tasks.map((task) => {
    const end = task.ts + (task.dur ?? 0);
    const byKind = new Map<string, number>();
    for (const e of onMain) {
      if (e.ts < task.ts || e.ts >= end || e === task) continue;
      const kind = kinds.has(e.name) ? e.name : /GC|Scavenge|Mark/.test(e.name) ? 'GC' : undefined;
      if (kind) byKind.set(kind, (byKind.get(kind) ?? 0) + (e.tdur ?? e.dur ?? 0));
    }
    return {
      wallMs: Math.round((task.dur ?? 0) / 1000),
      cpuMs: Math.round((task.tdur ?? 0) / 1000),
      inside: [...byKind]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 4)
        .map(([name, us]) => `${name} ${Math.round(us / 1000)} ms`),
    };
  });
}
