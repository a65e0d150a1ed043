import { spawn } from 'node:child_process';
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

describe('MCP conformance client scenarios (McpHub)', () => {
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
  ])('%s passes', async (scenario, required) => {
    const { code, output, checks } = await runScenario(scenario);
    // The runner itself counts a WARNING (e.g. reconnecting "slightly late") as not passing.
    const failures = checks.filter((c) => c.status === 'FAILURE' || c.status === 'WARNING');
    expect(failures, output).toEqual([]);
    for (const id of required)
      expect(checks.find((c) => c.id === id)?.status, `${id}\n${output}`).toBe('SUCCESS');
    expect(code, output).toBe(0);
  });
});
