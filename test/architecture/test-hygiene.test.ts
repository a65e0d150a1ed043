import { describe, expect, it } from 'vitest';
import { repoRoot } from './import-graph.ts';
import { fixedSleeps, offences, sourceFiles, unisolatedPages } from './test-hygiene.ts';

// Files allowed to do what the checks flag, each with the reason.
const MAY_OPEN_PAGES: Record<string, string> = {
  'test/e2e/isolated-page.ts': 'the helper itself',
  'test/architecture/test-hygiene.ts': 'the check itself (its patterns)',
  'test/architecture/test-hygiene.test.ts': 'the synthetic offenders the check is shown on',
};
const MAY_SLEEP: Record<string, string> = {
  'test/architecture/test-hygiene.ts': 'the check itself (its patterns)',
  'test/architecture/test-hygiene.test.ts': 'the synthetic offenders the check is shown on',
  'test/model-server/scripted-model-server.ts':
    "a fake provider's scripted stall or delay between chunks: the behaviour under test",
  'test/mcp/v2-servers.ts':
    "a test MCP server's long operation between its progress notifications: the behaviour under test",
  'packages/core/src/test/fake-language-model.ts':
    "the fake browser model's scripted delay: the behaviour under test",
  'packages/widget/src/test/fake-agent.ts': "the fake agent's scripted `wait` step: the behaviour under test",
  'test/mcp-apps/test-apps.ts':
    "a hostile app's own pause before it navigates the top window (runs in the frame, not the test)",
  'packages/core/src/model/stream-timeouts.test.ts':
    'a stream that stalls for real, to trip the timeouts under test',
  'test/e2e/demo-node20.test.ts':
    "polls the demo's output for its URL, with a deadline (a poll, not a fixed wait)",
  'test/e2e/limits-widget.test.ts':
    'waits out a clock minute boundary so the per-minute window cannot roll over mid-test',
  'test/proxy/limits-across-isolates.test.ts':
    'clock-minute windows (as above) and an absence: nothing more arrives after the limit',
  'test/e2e/mcp-sign-in-widget.test.ts':
    "a token's wall-clock expiry coming within the refresh margin is the state under test",
  'test/mcp/mcp-oauth.test.ts': "a token's wall-clock expiry is the state under test",
  'test/proxy/mcp-oauth-through-proxy.test.ts': "a token's wall-clock expiry is the state under test",
  'test/e2e/mcp-apps-widget.test.ts':
    'absences: a hostile app gets nothing through within a window after its probes end',
  'test/mcp/list-changed.test.ts': 'an absence: no second list request follows within a window',
  'test/mcp/lazy-tools-refresh.test.ts':
    'an absence (no refresh request within a window), and the SSE stream opening after initialisation (no state marks it: debt, see issue 47 note)',
  'packages/core/src/rag/knowledge-base.test.ts': 'a slow store write, simulated: the behaviour under test',
  'packages/core/src/tools/python/python-interpreter.browser.test.ts':
    'lets a Python busy loop run before it is stopped (stopping a run that has not started shows nothing)',
  'packages/widget/src/element/agent-chat.test.ts':
    'an absence: a stopped answer grows no further within a window',
  'packages/widget/src/markdown/markdown.test.ts':
    'an absence: the huge block is not highlighted within a window',
  'packages/widget/src/mcp/accounts/accounts-ui.test.ts':
    'yields one macrotask (0 ms) for the gate to subscribe',
  'packages/widget/src/mcp/apps/mcp-app-element.test.ts':
    'a poll helper with a deadline (a poll, not a fixed wait)',
  'packages/widget/src/element/agent-chat.preload.test.ts':
    'a poll helper with a deadline, and an absence: no highlighter is fetched within a window',
  'packages/widget/src/transcript/agent-chat.rich.test.ts':
    'scroll events settle before the next assertion, and an absence: no injected script runs within a window',
  'packages/widget/src/voice/agent-chat.voice.test.ts':
    'an absence: no microphone once the voice chunk could have loaded (no state marks that it did: debt, see issue 47 note)',
  'packages/proxy/src/usage/usage.test.ts':
    'ADR 0007: a counter answer delayed for real, to show it stays off the request path',
};

const testFiles = sourceFiles(repoRoot, [
  'test',
  'packages/core/src',
  'packages/widget/src',
  'packages/proxy/src',
  'packages/proxy/test',
]).filter((file) => file.startsWith('test/') || /\.test\.ts$|\/test\//.test(file));

describe('test hygiene', () => {
  it('every browser page in a test is opened in a context of its own (isolatedPage / isolatedContext)', () => {
    expect(offences(repoRoot, testFiles, unisolatedPages, MAY_OPEN_PAGES)).toEqual([]);
  });

  it('no test waits for a fixed time', () => {
    expect(offences(repoRoot, testFiles, fixedSleeps, MAY_SLEEP)).toEqual([]);
  });

  it('the checks flag a synthetic offender, and leave the isolated and state-waiting way alone', () => {
    const shared = [
      'let context;',
      'beforeAll(async () => { context = await stack.browser.newContext(); });',
      "it('a', async () => { const page = await context.newPage(); });",
      "it('b', async () => { const tab = await browser.newPage(); });",
    ].join('\n');
    expect(unisolatedPages('x.test.ts', shared).map((o) => o.where)).toEqual([
      'x.test.ts:2',
      'x.test.ts:3',
      'x.test.ts:4',
    ]);
    const isolated = [
      "it('a', async () => {",
      '  const context = await isolatedContext(stack.browser);',
      '  const page = await context.newPage();',
      '  const other = await isolatedPage(stack.browser);',
      '});',
    ].join('\n');
    expect(unisolatedPages('y.test.ts', isolated)).toEqual([]);

    const sleepy = [
      'await page.waitForTimeout(300);',
      'await new Promise((resolve) => setTimeout(resolve, 500));',
      'await new Promise((r) => setTimeout(r, 20));',
      'await expect.poll(() => stage.textContent).toBe("done");',
      'const timer = setTimeout(() => controller.abort(), 100);',
    ].join('\n');
    expect(fixedSleeps('z.test.ts', sleepy).map((o) => o.where)).toEqual([
      'z.test.ts:1',
      'z.test.ts:2',
      'z.test.ts:3',
    ]);
  });
});
