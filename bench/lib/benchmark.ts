/**
 * The contract between `pnpm bench` (bench/run.ts) and each benchmark. A benchmark is a folder
 * `bench/<name>/index.ts` or a file `bench/<name>.bench.ts` that exports `benchmark`.
 */

/** The subject name of our own measurements; peers are named `package@version`. */
export const AGENT_CHAT = 'agent-chat';

/** One measurement as a benchmark reports it; the runner adds the benchmark's name. */
export interface Measurement {
  /** {@link AGENT_CHAT} or the peer as `package@version` (several joined by ` + `). */
  subject: string;
  /**
   * Stable, self-explaining snake_case name, e.g. `min_gzip_bytes_core_base`. A peer row pairs with
   * ours when both use the same metric name, and the table then shows the ratio.
   */
  metric: string;
  value: number;
  /** e.g. `bytes`, `ms`, `ops/s`. */
  unit: string;
}

/** One row of `bench/results/<name>.json`. */
export interface BenchRow extends Measurement {
  bench: string;
}

/** What the runner gives a benchmark. */
export interface BenchContext {
  /** Repository root (absolute). */
  readonly root: string;
  /** Progress for the console; not stored. */
  log(message: string): void;
  /** A finding the results README should state (a goal met or missed, where the time goes); also logged. */
  note(message: string): void;
  /** Something could not be measured because it does not exist yet: said plainly, not a failure. */
  skip(message: string): void;
  /**
   * Something that should be measurable failed: the run exits non-zero and the benchmark's results file
   * is left as the last complete run wrote it (the new rows are printed, not stored).
   */
  fail(message: string): void;
}

/** What a benchmark module exports as `benchmark`. */
export interface Benchmark {
  /** One or two sentences for bench/results/README.md: what is measured and how peers are made comparable. */
  description: string;
  /**
   * How each subject is measured, for the benchmark's section of bench/results/README.md: versions, warm
   * or cold, that every subject gets the same inputs, what is inside and outside the timing.
   */
  method?: string;
  run(context: BenchContext): Promise<Measurement[]>;
}
