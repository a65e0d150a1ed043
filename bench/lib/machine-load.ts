import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg } from 'node:os';

/** The machine a benchmark ran on and how busy it was meanwhile (everything running, the benchmark included). */
export interface MachineLoad {
  node: string;
  /** `chromium --version` of the browser the Chromium benchmarks launch, when there is one. */
  chromium?: string;
  cpu: string;
  cores: number;
  /** 1-minute load average when the benchmark started and when it ended. */
  loadAverageBefore: number;
  loadAverageAfter: number;
  /** Share of all cores' time spent busy during the run, from /proc/stat (Linux only). */
  busyPercent?: number;
}

interface CpuTicks {
  busy: number;
  total: number;
}

/** Sums every core's ticks from /proc/stat; undefined off Linux. */
function cpuTicks(): CpuTicks | undefined {
  if (!existsSync('/proc/stat')) return undefined;
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
  const ticks = line.trim().split(/\s+/).slice(1).map(Number);
  // user nice system idle iowait irq softirq steal …: idle and iowait are not busy.
  const total = ticks.slice(0, 8).reduce((a, b) => a + b, 0);
  return { busy: total - (ticks[3] ?? 0) - (ticks[4] ?? 0), total };
}

/** Starts watching the machine; `stop()` returns what it saw since. */
export function watchMachineLoad(): { stop(): MachineLoad } {
  const before = cpuTicks();
  const loadAverageBefore = loadavg()[0]!;
  return {
    stop() {
      const after = cpuTicks();
      const busy =
        before && after && after.total > before.total
          ? ((after.busy - before.busy) / (after.total - before.total)) * 100
          : undefined;
      return {
        node: process.version,
        ...chromiumVersion(),
        cpu: cpus()[0]?.model.trim() ?? 'unknown',
        cores: availableParallelism(),
        loadAverageBefore: round(loadAverageBefore),
        loadAverageAfter: round(loadavg()[0]!),
        ...(busy === undefined ? {} : { busyPercent: Math.round(busy) }),
      };
    },
  };
}

function chromiumVersion(): { chromium?: string } {
  const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(path)) return {};
  try {
    return { chromium: execFileSync(path, ['--version'], { encoding: 'utf8', timeout: 10_000 }).trim() };
  } catch {
    return {};
  }
}

const round = (value: number) => Math.round(value * 100) / 100;
