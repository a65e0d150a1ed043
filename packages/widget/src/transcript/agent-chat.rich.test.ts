import { afterEach, describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import '../agent-chat.js';
import type { ScriptStep } from '../test/fake-agent.js';
import { mountWithFakeAgent as mount, send } from '../test/mount.js';

const words = (text: string, size = 4) => text.match(new RegExp(`[\\s\\S]{1,${size}}`, 'g')) ?? [];
const chunks = (text: string): ScriptStep[] =>
  words(text).flatMap((piece) => [{ type: 'response.chunk', turn: 1, text: piece } as const, { wait: 1 }]);

afterEach(() => {
  delete (window as { __xss?: unknown }).__xss;
});

describe('<agent-chat> Markdown', () => {
  it('renders streamed Markdown, re-rendering only the last block while streaming', async () => {
    const answer = '# Title\n\nSome **bold** text.\n\n```js\nconst x = 1;\n```\n\n- one\n- two\n';
    const { element, root } = await mount([
      () => [...chunks(answer), { type: 'response.done', text: answer }],
    ]);
    const blockNodes = new Set<Element>();
    const observer = new MutationObserver(() => {
      for (const block of root.querySelectorAll('.markdown > .block')) blockNodes.add(block);
    });
    observer.observe(root, { subtree: true, childList: true });
    await send(element, 'md please');
    await expect
      .poll(() => root.querySelector('[part~="message-assistant"] li:last-child')?.textContent)
      .toBe('two');
    observer.disconnect();
    const message = root.querySelector('[part~="message-assistant"]')!;
    expect(message.querySelector('h1')?.textContent).toBe('Title');
    expect(message.querySelector('strong')?.textContent).toBe('bold');
    // Highlighted once finished (the highlighter loads on demand).
    await expect.poll(() => message.querySelector('pre code .shj-syn-kwd')?.textContent).toBe('const');
    expect(message.querySelector('pre code')?.textContent).toBe('const x = 1;');
    // Four blocks (heading, paragraph, code, list); finished blocks keep their DOM node while later text streams in.
    const blocks = [...message.querySelectorAll('.markdown > .block')];
    expect(blocks).toHaveLength(4);
    expect(blockNodes.has(blocks[0]!)).toBe(true);
    expect(blocks[0]!.isConnected).toBe(true);
  });

  it('follows the stream at the bottom, stops when the reader scrolls up, and follows again at the bottom', async () => {
    const line = (i: number) => `Line ${i} of a long answer.\n\n`;
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    let finish!: () => void;
    const last = new Promise<void>((r) => {
      finish = r;
    });
    const { element, root } = await mount([
      () => [
        ...Array.from(
          { length: 60 },
          (_, i) => ({ type: 'response.chunk', turn: 1, text: line(i) }) as const,
        ),
        { until: () => gate },
        ...Array.from(
          { length: 60 },
          (_, i) => ({ type: 'response.chunk', turn: 1, text: line(60 + i) }) as const,
        ),
        { until: () => last },
        { type: 'response.chunk', turn: 1, text: 'The end.' },
      ],
    ]);
    element.style.setProperty('--agent-chat-height', '300px');
    await send(element, 'long');
    const log = root.querySelector<HTMLElement>('[part~="log"]')!;
    const distance = () => log.scrollHeight - log.scrollTop - log.clientHeight;
    await expect.poll(() => log.textContent).toContain('Line 59');
    await expect.poll(distance).toBeLessThan(2);
    expect(root.querySelector('[part~="scroll-to-latest"]')).toBeNull();
    log.scrollTop = 100;
    await new Promise((r) => setTimeout(r, 50));
    release();
    await expect.poll(() => log.textContent).toContain('Line 119');
    await new Promise((r) => setTimeout(r, 50));
    expect(log.scrollTop).toBe(100);
    // The reader scrolled up during the stream: "Jump to latest" is offered, and takes them down.
    const jump = root.querySelector<HTMLButtonElement>('[part~="scroll-to-latest"]');
    expect(jump?.textContent).toContain('Jump to latest');
    jump!.focus();
    await userEvent.keyboard('{Enter}');
    await expect.poll(distance).toBeLessThan(2);
    await expect.poll(() => root.querySelector('[part~="scroll-to-latest"]')).toBeNull();
    finish();
    await expect.poll(() => log.textContent).toContain('The end.');
    await expect.poll(distance).toBeLessThan(2);
  });

  it('renders model and tool output inert: no handler, javascript: link or script ever runs', async () => {
    const evil =
      'Look <img src=x onerror="window.__xss=1"> and [click](javascript:window.__xss=2) ' +
      '<a href="javascript:window.__xss=3">me</a>\n\n<script>window.__xss=4</script>\n\n' +
      '<svg><animate onbegin="window.__xss=5" attributeName="x" dur="1s"/></svg>';
    const { element, root } = await mount([
      () => [
        { type: 'tool.start', turn: 1, toolCallId: 'c1', name: 'fetch_page', args: { url: evil } },
        { type: 'tool.content', toolCallId: 'c1', content: { kind: 'markdown', markdown: evil } },
        { type: 'tool.content', toolCallId: 'c1', content: { kind: 'text', text: evil } },
        {
          type: 'tool.content',
          toolCallId: 'c1',
          content: { kind: 'html', html: '<script>try{parent.__xss=6}catch(e){}</script><p>widget</p>' },
        },
        {
          type: 'tool.complete',
          toolCallId: 'c1',
          name: 'fetch_page',
          result: evil,
          content: evil,
          durationMs: 3,
        },
        ...chunks(evil),
        { type: 'response.done', text: evil },
      ],
    ]);
    await send(element, 'go');
    await expect
      .poll(
        () =>
          root.querySelector('[part~="message-assistant"] svg') !== null ||
          root.querySelector('[part~="message-assistant"]')?.textContent?.includes('me'),
        // The Markdown engine and the stage's chunks load first: under CPU pressure, longer than the default second.
        { timeout: 20_000 },
      )
      .toBe(true);
    await new Promise((r) => setTimeout(r, 300));
    expect((window as { __xss?: unknown }).__xss).toBeUndefined();
    expect(root.querySelectorAll('script')).toHaveLength(0);
    expect(root.querySelectorAll('[onerror], [onbegin]')).toHaveLength(0);
    for (const link of root.querySelectorAll('a'))
      expect(link.getAttribute('href') ?? '').not.toMatch(/javascript/i);
    // The tool's HTML runs only inside an opaque-origin sandbox.
    const frame = root.querySelector<HTMLIFrameElement>('[part~="content-html"]')!;
    expect(frame.getAttribute('sandbox')).toBe('allow-scripts');
    // Plain text content shows the markup as text.
    expect(root.querySelector('[part~="content-text"]')?.textContent).toBe(evil);
  });
});

describe('<agent-chat> stages', () => {
  it('shows live progress, then the result, rich content and the duration; auto-collapses', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const { element, root } = await mount([
      () => [
        { type: 'tool.start', turn: 1, toolCallId: 'c1', name: 'crunch', args: { n: 3 } },
        { type: 'tool.progress', toolCallId: 'c1', progress: 2, total: 5, message: 'reading' },
        { until: () => gate },
        {
          type: 'tool.content',
          toolCallId: 'c1',
          content: { kind: 'table', columns: ['city', 't'], rows: [['Paris', 21]], caption: 'Weather' },
        },
        {
          type: 'tool.content',
          toolCallId: 'c1',
          content: {
            kind: 'chart',
            chart: { type: 'bar', labels: ['a', 'b'], series: [{ name: 's', values: [1, 2] }] },
          },
        },
        {
          type: 'tool.content',
          toolCallId: 'c1',
          content: { kind: 'json', value: { a: [1, 2], b: { c: true } } },
        },
        {
          type: 'tool.content',
          toolCallId: 'c1',
          content: { kind: 'image', mimeType: 'image/png', data: 'iVBORw0KGgo=', alt: 'a dot' },
        },
        {
          type: 'tool.complete',
          toolCallId: 'c1',
          name: 'crunch',
          result: 42,
          content: '42',
          durationMs: 1234,
        },
      ],
    ]);
    await send(element, 'crunch');
    await expect
      .poll(() => root.querySelector<HTMLProgressElement>('[part~="stage-progress"]')?.value)
      .toBe(2);
    const stage = root.querySelector<HTMLDetailsElement>('[part~="stage"]')!;
    expect(root.querySelector<HTMLProgressElement>('[part~="stage-progress"]')!.max).toBe(5);
    expect(stage.querySelector('.progress-text')?.textContent).toBe('reading · 40%');
    expect(stage.open).toBe(true);
    release();
    await expect.poll(() => stage.dataset.status).toBe('done');
    expect(stage.querySelector('[part~="stage-progress"]')).toBeNull();
    expect(stage.querySelector('.stage-duration')?.textContent).toBe('1.2 s');
    expect(stage.querySelector('caption')?.textContent).toBe('Weather');
    expect([...stage.querySelectorAll('td')].map((td) => td.textContent)).toEqual(['Paris', '21']);
    // Charts are a chunk of their own, loaded after the stage's content chunk: checked once drawn.
    await expect
      .poll(() => stage.querySelectorAll('[part~="content-chart"] rect').length, { timeout: 20_000 })
      .toBe(2);
    expect(stage.querySelector('[part~="content-chart"] svg')?.getAttribute('aria-label')).toContain(
      's: 1, 2',
    );
    expect(stage.querySelector('[part~="content-json"]')?.textContent).toContain('true');
    expect(stage.querySelector<HTMLImageElement>('[part~="content-image"]')?.alt).toBe('a dot');
    expect(stage.open).toBe(false);
  });

  it('keeps stages open when auto-collapse="false"', async () => {
    const { element, root } = await mount([
      () => [
        { type: 'tool.start', turn: 1, toolCallId: 'c1', name: 'x', args: {} },
        { type: 'tool.complete', toolCallId: 'c1', name: 'x', result: 1, content: '1', durationMs: 5 },
      ],
    ]);
    element.setAttribute('auto-collapse', 'false');
    await send(element, 'go');
    await expect.poll(() => root.querySelector<HTMLElement>('[part~="stage"]')?.dataset.status).toBe('done');
    expect(root.querySelector<HTMLDetailsElement>('[part~="stage"]')!.open).toBe(true);
  });

  it('shows a workflow plan: parallel groups, dependencies, step status and the tool calls nested per step', async () => {
    const { element, root } = await mount([
      () => [
        {
          type: 'workflow.created',
          workflowId: 'w1',
          goal: 'Compare two cities',
          steps: [
            { id: 'a', name: 'Paris weather', tool: 'weather', dependsOn: [] },
            { id: 'b', name: 'Oslo weather', tool: 'weather', dependsOn: [] },
            { id: 'c', name: 'Compare', tool: 'compare', dependsOn: ['a', 'b'] },
          ],
          batches: [['a', 'b'], ['c']],
        },
        {
          type: 'workflow.step.start',
          workflowId: 'w1',
          stepId: 'a',
          name: 'Paris weather',
          tool: 'weather',
          batch: 0,
        },
        {
          type: 'tool.start',
          turn: 1,
          toolCallId: 't1',
          name: 'weather',
          args: { city: 'Paris' },
          stepId: 'a',
        },
        {
          type: 'tool.complete',
          toolCallId: 't1',
          name: 'weather',
          result: 21,
          content: '21',
          durationMs: 4,
        },
        {
          type: 'workflow.step.complete',
          workflowId: 'w1',
          stepId: 'a',
          name: 'Paris weather',
          status: 'done',
          durationMs: 5,
        },
        {
          type: 'workflow.step.complete',
          workflowId: 'w1',
          stepId: 'b',
          name: 'Oslo weather',
          status: 'failed',
          durationMs: 5,
          error: 'timeout',
        },
        {
          type: 'workflow.step.complete',
          workflowId: 'w1',
          stepId: 'c',
          name: 'Compare',
          status: 'skipped',
          durationMs: 0,
        },
        { type: 'workflow.complete', workflowId: 'w1', status: 'partial', durationMs: 12 },
      ],
    ]);
    await send(element, 'compare');
    await expect
      .poll(() => root.querySelector<HTMLElement>('[part~="workflow"]')?.dataset.status)
      .toBe('partial');
    const flow = root.querySelector('[part~="workflow"]')!;
    expect(flow.querySelector('summary')?.textContent).toContain('Compare two cities');
    const batches = flow.querySelectorAll<HTMLElement>('[part~="workflow-batch"]');
    expect([...batches].map((b) => b.dataset.parallel)).toEqual(['true', 'false']);
    const status = (id: string) => flow.querySelector<HTMLElement>(`[data-step="${id}"]`)?.dataset.status;
    expect([status('a'), status('b'), status('c')]).toEqual(['done', 'failed', 'skipped']);
    expect(flow.querySelector('[data-step="c"] .step-deps')?.textContent).toBe('after a, b');
    expect(flow.querySelector('[data-step="b"] .stage-error')?.textContent).toBe('timeout');
    // The step's tool call is inside the step, not a second time at the top of the log.
    expect(flow.querySelector('[data-step="a"] [part~="stage"]')?.getAttribute('data-tool')).toBe('weather');
    expect(root.querySelectorAll('[part~="stage"]')).toHaveLength(1);
  });
});
