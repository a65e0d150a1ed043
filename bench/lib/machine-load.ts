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
  /** Share of all cores' time spent busy in the second before the run started and the second after it ended. */
  busyPercentBefore?: number;
  busyPercentAfter?: number;
  /**
   * Whether the machine was quiet around the run ({@link isQuiet}): a run is only called quiet when this
   * is true. Absent in records written before it was measured.
   */
  quiet?: boolean;
}

/**
 * When a run counts as quiet: the 1-minute load average at the start below {@link QUIET_LOAD_PER_CORE}
 * per core (< 1.0 on 2 cores), and the machine below {@link QUIET_BUSY_PERCENT}% busy in the second
 * before and the second after the run (both outside the benchmark's own work, which the load average
 * at the end and the busy share during the run include).
 */
export const QUIET_LOAD_PER_CORE = 0.5;
export const QUIET_BUSY_PERCENT = 25;

/** The quiet rule stated in words, for the results README. */
export const QUIET_RULE =
  `quiet = 1-minute load average below ${QUIET_LOAD_PER_CORE} per core at the start ` +
  `and under ${QUIET_BUSY_PERCENT}% of all cores busy in the second before and the second after the run`;

/** {@link QUIET_RULE} applied to a record. */
export function isQuiet(machine: MachineLoad): boolean {
  return (
    machine.loadAverageBefore < QUIET_LOAD_PER_CORE * machine.cores &&
    machine.busyPercentBefore !== undefined &&
    machine.busyPercentBefore < QUIET_BUSY_PERCENT &&
    machine.busyPercentAfter !== undefined &&
    machine.busyPercentAfter < QUIET_BUSY_PERCENT
  );
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

const busyBetween = (before?: CpuTicks, after?: CpuTicks) =>
  before && after && after.total > before.total
    ? Math.round(((after.busy - before.busy) / (after.total - before.total)) * 100)
    : undefined;

/** Busy share of all cores over the next `ms` (nothing of ours runs meanwhile). */
async function sampleBusy(ms = 1000): Promise<number | undefined> {
  const start = cpuTicks();
  await new Promise((resolve) => setTimeout(resolve, ms));
  return busyBetween(start, cpuTicks());
}

/**
 * Starts watching the machine: samples it for a second first (before the benchmark starts), and
 * `stop()` samples it for a second after the benchmark ended, then returns what it saw.
 */
export async function watchMachineLoad(): Promise<{ stop(): Promise<MachineLoad> }> {
  const loadAverageBefore = loadavg()[0]!;
  const busyPercentBefore = await sampleBusy();
  const before = cpuTicks();
  return {
    async stop() {
      const busy = busyBetween(before, cpuTicks());
      const loadAverageAfter = loadavg()[0]!;
      const busyPercentAfter = await sampleBusy();
      const machine: MachineLoad = {
        node: process.version,
        ...chromiumVersion(),
        cpu: cpus()[0]?.model.trim() ?? 'unknown',
        cores: availableParallelism(),
        loadAverageBefore: round(loadAverageBefore),
        loadAverageAfter: round(loadAverageAfter),
        ...(busy === undefined ? {} : { busyPercent: busy }),
        ...(busyPercentBefore === undefined ? {} : { busyPercentBefore }),
        ...(busyPercentAfter === undefined ? {} : { busyPercentAfter }),
      };
      return { ...machine, quiet: isQuiet(machine) };
    },
  };
}

/** The machine state as rows of the benchmark's results (subject `machine`), so every result file carries it. */
export function machineRows(
  machine: MachineLoad,
): Array<{ subject: string; metric: string; value: number; unit: string }> {
  const rows = [
    { metric: 'load_avg_before', value: machine.loadAverageBefore, unit: 'load' },
    { metric: 'load_avg_after', value: machine.loadAverageAfter, unit: 'load' },
    { metric: 'cpu_busy_pct_before', value: machine.busyPercentBefore, unit: '%' },
    { metric: 'cpu_busy_pct_during', value: machine.busyPercent, unit: '%' },
    { metric: 'cpu_busy_pct_after', value: machine.busyPercentAfter, unit: '%' },
    { metric: 'quiet_machine', value: machine.quiet ? 1 : 0, unit: 'bool' },
  ];
  return rows
    .filter((row): row is typeof row & { value: number } => row.value !== undefined)
    .map((row) => ({ subject: MACHINE, ...row }));
}

/** Subject of the machine-state rows. */
export const MACHINE = 'machine';

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
