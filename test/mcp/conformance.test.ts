import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const cli = join(root, 'node_modules/@modelcontextprotocol/conformance/dist/index.js');
let workDir: string;
let clientFile: string;

beforeAll(async () => {
  workDir = mkdtempSync(join(tmpdir(), 'mcp-conformance-'));
  clientFile = join(workDir, 'conformance-client.mjs');
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
});
afterAll(() => {
  rmSync(workDir, { recursive: true, force: true });
});

interface Check {
  id: string;
  status: string;
  errorMessage?: string;
}

/** Runs one conformance client scenario against our client; returns the exit code and the checks. */
function runScenario(scenario: string): Promise<{ code: number | null; output: string; checks: Check[] }> {
  const outputDir = join(workDir, scenario);
  return new Promise((resolve) => {
    const child = spawn(
      'timeout',
      [
        '-s',
        'KILL',
        '60',
        process.execPath,
        cli,
        'client',
        '--command',
        `${process.execPath} ${clientFile}`,
        '--scenario',
        scenario,
        '--timeout',
        '30000',
        '-o',
        outputDir,
      ],
      { cwd: workDir, env: { PATH: process.env.PATH ?? '/usr/bin:/bin' }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk));
    child.on('exit', (code) => resolve({ code, output, checks: readChecks(outputDir) }));
  });
}

function readChecks(dir: string): Check[] {
  try {
    const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) =>
      f.endsWith('checks.json'),
    );
    return files.flatMap((file) => JSON.parse(readFileSync(join(dir, file), 'utf8')) as Check[]);
  } catch {
    return [];
  }
}

/** Client scenarios as `conformance list --client` names them, with their spec versions. */
function listClientScenarios(): { name: string; versions: string[] }[] {
  const output = execFileSync(process.execPath, [cli, 'list', '--client'], { encoding: 'utf8' });
  return [...output.matchAll(/^\s+- (\S+) \[([^\]]+)\]$/gm)].map(([, name, versions]) => ({
    name: name!,
    versions: versions!.split(','),
  }));
}

const scenarios = listClientScenarios();
/** Draft and extension scenarios are run and reported; they do not fail the build. */
const isOptional = (versions: string[]) => versions.every((v) => v === 'draft' || v === 'extension');
const required = scenarios.filter((s) => !isOptional(s.versions));
const optional = scenarios.filter((s) => isOptional(s.versions));
const authRequired = required.filter((s) => s.name.startsWith('auth/')).map((s) => s.name);

async function expectPasses(scenario: string, requiredChecks: string[] = []): Promise<void> {
  const { code, output, checks } = await runScenario(scenario);
  // The runner itself counts a WARNING (e.g. reconnecting "slightly late") as not passing.
  const failures = checks.filter((c) => c.status === 'FAILURE' || c.status === 'WARNING');
  expect(failures, output).toEqual([]);
  for (const id of requiredChecks)
    expect(checks.find((c) => c.id === id)?.status, `${id}\n${output}`).toBe('SUCCESS');
  expect(code, output).toBe(0);
}

/**
 * The authorization scenarios, run as the runner's suites (one runner process per suite, scenarios in
 * parallel inside it): each scenario's checks and the client's own output, by scenario name.
 */
async function runSuites(
  suites: string[],
): Promise<Map<string, { checks: Check[]; stdout: string; stderr: string }>> {
  await Promise.all(
    suites.map(
      (suite) =>
        new Promise<void>((resolve) => {
          const child = spawn(
            'timeout',
            [
              '-s',
              'KILL',
              '120',
              process.execPath,
              cli,
              'client',
              '--command',
              `${process.execPath} ${clientFile}`,
              '--suite',
              suite,
              '--timeout',
              '30000',
              '-o',
              join(workDir, 'suites'),
            ],
            { cwd: workDir, env: { PATH: process.env.PATH ?? '/usr/bin:/bin' }, stdio: 'ignore' },
          );
          child.on('exit', () => resolve());
        }),
    ),
  );
  const results = new Map<string, { checks: Check[]; stdout: string; stderr: string }>();
  const base = join(workDir, 'suites');
  for (const file of readdirSync(base, { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('checks.json')) continue;
    const dir = join(base, file, '..');
    // Directories are `<scenario>-<timestamp>`.
    const scenario = file.replace(/-\d{4}-\d{2}-\d{2}T[^/]*\/checks\.json$/, '');
    results.set(scenario, {
      checks: JSON.parse(readFileSync(join(base, file), 'utf8')) as Check[],
      stdout: readFileSync(join(dir, 'stdout.txt'), 'utf8'),
      stderr: readFileSync(join(dir, 'stderr.txt'), 'utf8'),
    });
  }
  return results;
}

describe('MCP conformance client scenarios (McpHub)', () => {
  it('the suite lists the scenarios this test expects', () => {
    // The 4 core scenarios plus the authorization ones of 2025-03-26, 2025-06-18 and 2025-11-25.
    expect(required.length).toBe(20);
    expect(authRequired.length).toBe(16);
  });

  it.each([
    ['initialize', ['mcp-client-initialization']],
    ['tools_call', ['tool-add-numbers']],
    [
      'elicitation-sep1034-client-defaults',
      [
        'client-elicitation-sep1034-string-default',
        'client-elicitation-sep1034-integer-default',
        'client-elicitation-sep1034-number-default',
        'client-elicitation-sep1034-enum-default',
        'client-elicitation-sep1034-boolean-default',
      ],
    ],
    ['sse-retry', ['client-sse-graceful-reconnect', 'client-sse-retry-timing', 'client-sse-last-event-id']],
  ])('%s passes', async (scenario, checks) => {
    await expectPasses(scenario, checks);
  });

  describe("authorization (the hub's OAuth provider, headless sign-in)", () => {
    let results: Awaited<ReturnType<typeof runSuites>>;
    beforeAll(async () => {
      results = await runSuites(['auth', 'backcompat', 'draft', 'extensions']);
    }, 150_000);

    it.each(authRequired)('%s passes', (scenario) => {
      const result = results.get(scenario);
      expect(result, `no result for ${scenario}`).toBeDefined();
      const { checks, stdout, stderr } = result!;
      const failures = checks.filter((c) => c.status === 'FAILURE' || c.status === 'WARNING');
      expect(failures, stdout + stderr).toEqual([]);
      expect(checks.find((c) => c.id === 'authorization-request')?.status, stdout + stderr).toBe('SUCCESS');
      if (scenario === 'auth/scope-retry-limit')
        // The server never accepts the scope: the client stops with a message that says why.
        expect(stderr).toContain('keeps refusing the token for lack of scope');
      else expect(stdout, stderr).toContain('conformance-client: done');
    });

    it('draft and extension scenarios are run and reported (never failing the build)', () => {
      const report = optional.map(({ name }) => {
        const result = results.get(name);
        const failed = result?.checks.filter((c) => c.status === 'FAILURE' || c.status === 'WARNING') ?? [];
        return `${name}: ${!result ? 'no result' : failed.length ? `not passing (${failed.map((c) => c.id).join(', ')})` : 'passes'}`;
      });
      console.info(`conformance draft / extension scenarios:\n  ${report.join('\n  ')}`);
      expect(report.length).toBe(optional.length);
    });
  });
});
