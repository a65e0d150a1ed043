import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composerReady } from './composer-ready.ts';
import { isolatedPage } from './isolated-page.ts';
import { startWidgetStack, type WidgetStack } from './widget-stack.ts';

// The code interpreter as a site turns it on: <agent-chat code-interpreter pyodide-url="/pyodide/">, the
// script-tag build, a file attached in the page, Python reading it at /data/<name> in the sandbox.
let stack: WidgetStack;

beforeAll(async () => {
  stack = await startWidgetStack({
    upstreamApiKey: 'sk-e2e-python-upstream',
    attributes: { 'code-interpreter': '', 'pyodide-url': '/pyodide/' },
  });
}, 180_000);

afterAll(async () => {
  await stack?.stop();
});

describe('<agent-chat code-interpreter> in the script-tag build', () => {
  it('runs the model’s Python over an attached CSV and shows the code and the printed table', async () => {
    const code = `import csv, statistics
with open('/data/scores.csv') as f:
    scores = [int(row['score']) for row in csv.DictReader(f)]
print(f"n={len(scores)} mean={statistics.mean(scores):.1f} max={max(scores)}")`;
    stack.model.enqueue(
      { toolCalls: [{ id: 'py', name: 'python', arguments: { code } }] },
      { text: 'The mean score is 80.' },
    );
    const page = await isolatedPage(stack.browser);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(stack.example.url);
    await page.waitForFunction(() => customElements.get('agent-chat') !== undefined);
    await page.locator('agent-chat input[type="file"]').setInputFiles({
      name: 'scores.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('name,score\nann,70\nbob,90\ncy,80\n'),
    });
    const input = page.locator('agent-chat textarea');
    await composerReady(page);
    await input.fill('Summarise the scores');
    await input.press('Enter');

    const stage = page.locator('agent-chat [part~="stage"][data-tool="python"]');
    await expect.poll(() => stage.getAttribute('data-status'), { timeout: 90_000 }).toBe('done');
    expect(await stage.locator('.stage-output').first().textContent()).toBe('n=3 mean=80.0 max=90\n');
    expect(await stage.locator('.stage-code code').textContent()).toBe(code);
    await expect.poll(() => stage.locator('.stage-code .shj-syn-kwd').count()).toBeGreaterThan(0);
    await expect
      .poll(() => page.locator('agent-chat [part~="message-assistant"]').last().textContent())
      .toContain('The mean score is 80.');
    // The model read the output as the tool result; the sandbox is an iframe with an opaque origin.
    const toolMessage = (
      (stack.model.requests.at(-1)?.body.messages ?? []) as Array<{ role: string; content: string }>
    )
      .filter((m) => m.role === 'tool')
      .at(-1);
    // Memory is on by default: the result carries its [ID:…] label, then the printed text.
    expect(toolMessage?.content).toMatch(/^(\[ID:q1-t1\] )?n=3 mean=80\.0 max=90\n$/);
    expect(await page.locator('iframe[sandbox="allow-scripts"]').count()).toBe(1);
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);
});
