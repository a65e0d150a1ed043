import type { BenchRow } from './benchmark.ts';
import { evaluateGoal, GOALS } from './goals.ts';
import { isQuiet, MACHINE, type MachineLoad, QUIET_RULE } from './machine-load.ts';
import { resultsTable } from './results-table.ts';

/** What `pnpm bench` keeps about a benchmark's last complete run, in bench/results/runs/<name>.json. */
export interface RunRecord {
  /** ISO time the run started. */
  startedAt: string;
  durationSeconds: number;
  machine: MachineLoad;
  notes: string[];
}

/** What the README says about one benchmark. */
export interface BenchSection {
  name: string;
  /** Path of its module, relative to the repository root; undefined when it is no longer in bench/. */
  file?: string;
  description?: string;
  method?: string;
  run?: RunRecord;
}

/** bench/results/README.md: per benchmark its description, method, run conditions, goals and rows. */
export function resultsReadme(rows: readonly BenchRow[], sections: readonly BenchSection[]): string {
  const parts = sections.map((section) => {
    const own = rows.filter((row) => row.bench === section.name);
    const quiet = section.run ? isQuiet(section.run.machine) : false;
    const lines = [
      `## ${section.name}`,
      '',
      `${section.file ? `\`${section.file}\`` : '(no longer in bench/)'}: ${section.description ?? '—'}`,
    ];
    if (section.method) lines.push('', `**How it is measured.** ${section.method}`);
    if (section.run) lines.push('', `**Last run.** ${runLine(section.run)}`);
    const goals = GOALS.filter((goal) => goal.bench === section.name).map((goal) => {
      const result = evaluateGoal(goal, own);
      if (result.problem) return `- ${goal.text}: cannot be judged (${result.problem}).`;
      const figure = goal.peer ? `${result.value!.toFixed(2)}×` : `${result.value}`;
      // A time on its own depends on the machine: judged only on a quiet run (a ratio is taken in one run).
      if (goal.absoluteTime && !quiet)
        return `- ${goal.text}: not judged, the run was not quiet (${figure} measured).`;
      return `- ${goal.text}: **${result.met ? 'met' : 'missed'}** (${figure}).`;
    });
    if (goals.length > 0) lines.push('', '**Goals.**', '', ...goals);
    if (section.run?.notes.length)
      lines.push('', '**Findings.**', '', ...section.run.notes.map((n) => `- ${n}`));
    lines.push('', resultsTable(own.filter((row) => row.subject !== MACHINE)));
    return lines.join('\n');
  });
  return `# Benchmark results

Written by \`pnpm bench\` from \`bench/results/*.json\` and \`bench/results/runs/*.json\` (each benchmark's
last complete run); do not edit by hand. Run \`pnpm bench [name…]\` from the repository root to refresh.
\`agent-chat ÷ peer\` divides our value by the peer's: below 1 means agent-chat's number is smaller (better
for bytes, tokens and milliseconds). Nothing is clamped or filtered: a difference can be negative.
"Machine busy" is the share of all cores' time spent busy during the run (everything on the machine, the
benchmark included, from /proc/stat); the load average is the 1-minute one at start and end. A run is
called quiet only when measured so: ${QUIET_RULE}. Goals on an absolute time are judged only on a quiet
run; ratios to a peer are measured in the same run. Each results file also holds the machine rows
(\`load_avg_before\`, \`cpu_busy_pct_before\`, …, subject \`machine\`).

${parts.join('\n\n')}
`;
}

function runLine(run: RunRecord): string {
  const { machine } = run;
  const busy = machine.busyPercent === undefined ? '' : `, machine busy ${machine.busyPercent}%`;
  const around =
    machine.busyPercentBefore === undefined
      ? ''
      : ` (${machine.busyPercentBefore}% the second before, ${machine.busyPercentAfter ?? '?'}% the second after)`;
  return (
    `${run.startedAt.slice(0, 16).replace('T', ' ')} UTC, ${run.durationSeconds} s; Node ${machine.node}, ` +
    `${machine.chromium ? `${machine.chromium}, ` : ''}` +
    `${machine.cores} × ${machine.cpu}; load average ${machine.loadAverageBefore} → ${machine.loadAverageAfter}${busy}${around}; ` +
    `${isQuiet(machine) ? '**quiet**' : '**not quiet**'}.`
  );
}
