import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The MCP conformance suite's client scenarios, as each protocol revision froze them at its release
// (`conformance client --requirements <revision>`), run against test/mcp/conformance-client.ts (McpHub,
// its OAuth provider with a headless sign-in). Scenarios the runner does not score for a revision
// (extensions, scenarios added after its release) are run and reported, never failing the build.
const root = join(import.meta.dirname, '..', '..');
const cli = join(root, 'node_modules/@modelcontextprotocol/conformance/dist/index.js');
/** Scored client scenarios each revision requires (0.2.0-alpha.12's frozen lists). */
const REVISIONS = { '2026-07-28': 32, '2025-11-25': 18 } as const;
type Revision = keyof typeof REVISIONS;

let workDir: string;
const runs = new Map<Revision, Promise<RequirementsRun>>();

beforeAll(async () => {
  workDir = mkdtempSync(join(tmpdir(), 'mcp-conformance-'));
  const clientFile = join(workDir, 'conformance-client.mjs');
  // Node cannot run the workspace's TypeScript source directly (its imports end in .js), so the client
  // is bundled once, as a user's app would be.
  await build({
    entryPoints: [join(import.meta.dirname, 'conformance-client.ts')],
    outfile: clientFile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    conditions: ['@agent-chat/source'],
    logLevel: 'silent',
  });
  // One revision after the other: each runner already runs its scenarios in parallel, and a busy CI
  // machine must not push a sign-in past its scenario's timeout.
  let previous: Promise<unknown> = Promise.resolve();
  for (const revision of Object.keys(REVISIONS) as Revision[]) {
    const run = previous.then(() => runRequirements(revision, clientFile));
    runs.set(revision, run);
    previous = run;
  }
});
afterAll(() => {
  rmSync(workDir, { recursive: true, force: true });
});

interface RequirementsRun {
  output: string;
  /** Every scenario of the summary: passing (no failure, no warning) or not. */
  scenarios: Map<string, boolean>;
  /** Scenarios run but not scored for the revision. */
  unscored: Set<string>;
}

/** One runner process for a revision's frozen requirements; its summary, parsed. */
function runRequirements(revision: Revision, clientFile: string): Promise<RequirementsRun> {
  return new Promise((resolve) => {
    const child = spawn(
      'timeout',
      [
        '-s',
        'KILL',
        '240',
        process.execPath,
        cli,
        'client',
        '--command',
        `${process.execPath} ${clientFile}`,
        '--requirements',
        revision,
        '--timeout',
        '30000',
        '-o',
        join(workDir, revision),
      ],
      { cwd: workDir, env: { PATH: process.env.PATH ?? '/usr/bin:/bin' }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk));
    child.on('exit', () => resolve(parseSummary(output)));
  });
}

function parseSummary(output: string): RequirementsRun {
  const summary = output.split('=== SUITE SUMMARY ===')[1] ?? '';
  const [scoredPart = '', unscoredPart = ''] = summary.split(/^Not scored for /m);
  const scenarios = new Map<string, boolean>();
  for (const [, mark, name] of scoredPart.matchAll(/^([✓✗]) (\S+): \d+ passed/gm))
    scenarios.set(name!, mark === '✓');
  const unscored = new Set([...unscoredPart.matchAll(/^\s+[✓✗] (\S+) \(/gm)].map(([, name]) => name!));
  return { output, scenarios, unscored };
}

describe('MCP conformance client scenarios (McpHub), frozen requirements', () => {
  it.each(Object.entries(REVISIONS) as [Revision, number][])(
    '%s: every scored client scenario passes (%i)',
    async (revision, count) => {
      const { output, scenarios, unscored } = await runs.get(revision)!;
      const scored = [...scenarios].filter(([name]) => !unscored.has(name));
      const failing = scored.filter(([, passed]) => !passed).map(([name]) => name);
      expect(failing, output).toEqual([]);
      expect(scored.length, output).toBe(count);
      const report = [...unscored].map(
        (name) => `${name}: ${scenarios.get(name) ? 'passes' : 'not passing'}`,
      );
      console.info(`conformance ${revision}, not scored (reported only):\n  ${report.join('\n  ')}`);
    },
    300_000,
  );
});
