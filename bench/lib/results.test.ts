import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AGENT_CHAT, type BenchRow } from './benchmark.ts';
import { evaluateGoal, GOALS, type Goal, missingResults } from './goals.ts';
import { MACHINE } from './machine-load.ts';
import type { RunRecord } from './results-readme.ts';

const resultsDir = join(import.meta.dirname, '..', 'results');
const files = new Map(
  readdirSync(resultsDir)
    .filter((file) => file.endsWith('.json'))
    .map((file) => [
      file.slice(0, -'.json'.length),
      JSON.parse(readFileSync(join(resultsDir, file), 'utf8')) as BenchRow[],
    ]),
);
const rows: BenchRow[] = [...files.values()].flat();

describe('bench/results', () => {
  it('has a non-empty results file for every benchmark with goals', () => {
    expect(missingResults(files, GOALS)).toEqual([]);
  });

  it.each([
    ['rag-quality', 'cranfield_ndcg_at_10'],
    ['bundle-size', 'first_chat_gzip_bytes'],
    ['bundle-size', 'first_chat_gzip_bytes_code_block'],
    ['bundle-size', 'first_chat_gzip_bytes_tool_call'],
    ['bundle-size', 'min_gzip_bytes_core_first_tool_call'],
    ['context-memory', 'fewer_tokens_30_turns_total'],
    ['mcp-tool-tokens', 'catalog_recall_at_3_ratio'],
    ['mcp-tool-tokens', 'catalog_summary_words'],
  ])('has the %s row %s', (bench, metric) => {
    expect(
      files.get(bench)?.find((row) => row.metric === metric && row.subject === AGENT_CHAT),
    ).toBeDefined();
  });

  it('records the machine state (load average, CPU busy before and after) of every run that measured it', () => {
    for (const [bench, own] of files) {
      const runFile = join(resultsDir, 'runs', `${bench}.json`);
      const run = existsSync(runFile) ? (JSON.parse(readFileSync(runFile, 'utf8')) as RunRecord) : undefined;
      // Runs recorded before the machine rows existed have no `quiet`; the next run of that bench adds them.
      if (run?.machine.quiet === undefined) continue;
      const metrics = own.filter((row) => row.subject === MACHINE).map((row) => row.metric);
      expect(metrics, bench).toEqual(
        expect.arrayContaining([
          'load_avg_before',
          'load_avg_after',
          'cpu_busy_pct_before',
          'cpu_busy_pct_after',
        ]),
      );
    }
  });

  it.each(GOALS.map((goal) => [goal.text, goal] as const))('has honest rows for the goal "%s"', (_, goal) => {
    expect(evaluateGoal(goal, rows).problem).toBeUndefined();
  });

  it('has no measured difference that is exactly zero (a clamp leaves 0; a real difference has decimals)', () => {
    const suspicious = rows.filter((row) => /overhead|added|_vs_/.test(row.metric) && row.value === 0);
    expect(suspicious).toEqual([]);
  });
});

describe('missingResults', () => {
  const goal: Goal = { bench: 'b', metric: 'm', atLeast: 1, text: 't' };
  const machine: BenchRow = {
    bench: 'b',
    subject: MACHINE,
    metric: 'load_avg_before',
    value: 1,
    unit: 'load',
  };

  it('names a bench with goals whose results are empty, only machine rows, or missing', () => {
    expect(missingResults(new Map([['b', []]]), [goal])).toEqual(['b']);
    expect(missingResults(new Map([['b', [machine]]]), [goal])).toEqual(['b']);
    expect(missingResults(new Map(), [goal])).toEqual(['b']);
    expect(
      missingResults(new Map([['b', [{ ...machine, subject: AGENT_CHAT, metric: 'm' }]]]), [goal]),
    ).toEqual([]);
  });
});

describe('evaluateGoal', () => {
  const goal: Goal = { bench: 'b', metric: 'wall_ms_per_turn', peer: 'ai@', atMost: 0.3, text: 't' };
  const row = (subject: string, value: number): BenchRow => ({
    bench: 'b',
    subject,
    metric: 'wall_ms_per_turn',
    value,
    unit: 'ms',
  });

  it('judges the ratio to the peer', () => {
    expect(evaluateGoal(goal, [row(AGENT_CHAT, 1), row('ai@7', 4)])).toMatchObject({
      value: 0.25,
      met: true,
    });
    expect(evaluateGoal(goal, [row(AGENT_CHAT, 2), row('ai@7', 4)])).toMatchObject({
      value: 0.5,
      met: false,
    });
  });

  it('fails on a missing peer row and on a time clamped to zero', () => {
    expect(evaluateGoal(goal, [row(AGENT_CHAT, 1)]).problem).toMatch(/no ai@… wall_ms_per_turn row/);
    expect(evaluateGoal(goal, [row(AGENT_CHAT, 0), row('ai@7', 4)]).problem).toMatch(/never ≤ 0/);
  });

  it('requires the baseline of a goal on our own value', () => {
    const saving: Goal = {
      bench: 'b',
      metric: 'fewer',
      atLeast: 60,
      basis: [{ metric: 'tokens', peer: 'full' }],
      text: 't',
    };
    const ours: BenchRow = { bench: 'b', subject: AGENT_CHAT, metric: 'fewer', value: 70, unit: '%' };
    expect(evaluateGoal(saving, [ours]).problem).toMatch(/no full… tokens row/);
    expect(
      evaluateGoal(saving, [
        ours,
        { bench: 'b', subject: 'full', metric: 'tokens', value: 10, unit: 'tokens' },
      ]),
    ).toMatchObject({ value: 70, met: true });
  });
});
