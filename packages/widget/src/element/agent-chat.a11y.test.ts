import axe from 'axe-core';
import { afterEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import '../agent-chat.js';
import { fakeAgent, type ScriptStep } from '../test/fake-agent.js';
import { mount } from '../test/mount.js';
import { settled } from '../test/settled.js';
import type { AgentChatElement } from './agent-chat.component.js';

/** A run that shows every kind of item the log can hold. */
const everything = (): ScriptStep[] => [
  {
    type: 'model.loading',
    model: 'Llama-3.2-1B',
    phase: 'download',
    fraction: 0.5,
    loadedBytes: 5e8,
    totalBytes: 1e9,
  },
  { type: 'model.decided', model: 'gpt-4o-mini', reason: 'the local model is still loading' },
  { type: 'tool.start', turn: 1, toolCallId: 'c1', name: 'search', args: { q: 'lit' } },
  { type: 'tool.progress', toolCallId: 'c1', progress: 0.3 },
  { type: 'tool.start', turn: 1, toolCallId: 'c2', name: 'table', args: {} },
  { type: 'tool.content', toolCallId: 'c2', content: { kind: 'table', columns: ['a', 'b'], rows: [[1, 2]] } },
  {
    type: 'tool.content',
    toolCallId: 'c2',
    content: {
      kind: 'chart',
      chart: { type: 'pie', labels: ['x', 'y'], series: [{ name: 's', values: [1, 3] }] },
    },
  },
  { type: 'tool.content', toolCallId: 'c2', content: { kind: 'json', value: { a: 1 } } },
  { type: 'tool.content', toolCallId: 'c2', content: { kind: 'html', html: '<p>hi</p>', title: 'Widget' } },
  { type: 'tool.complete', toolCallId: 'c2', name: 'table', result: 1, content: '1', durationMs: 9 },
  { type: 'reasoning.chunk', turn: 1, text: 'The table has one row; I can answer.' },
  { type: 'reasoning.done', turn: 1, text: 'The table has one row; I can answer.', durationMs: 1200 },
  { type: 'reasoning.chunk', turn: 2, text: 'Still thinking about the follow-up…' },
  {
    type: 'response.chunk',
    turn: 1,
    text: '## Answer\n\nSee [docs](https://lit.dev) and `code`.\n\n| a | b |\n|---|---|\n| 1 | 2 |\n',
  },
  { type: 'clarify.request', requestId: 'q1', question: 'Which city?', source: 'ask_user' },
  {
    type: 'clarify.request',
    requestId: 'q2',
    question: 'Details',
    schema: {
      type: 'object',
      properties: {
        n: { type: 'integer', description: 'How many' },
        ok: { type: 'boolean' },
        k: { enum: ['a', 'b'] },
      },
    },
    source: 'mcp-elicitation',
  },
  { type: 'approval.request', requestId: 'a1', toolCallId: 'c3', name: 'rm', args: { path: '/' } },
  { awaitResponse: 'never' },
];

async function mountBusy(setup: (element: AgentChatElement) => void = () => {}): Promise<AgentChatElement> {
  const element = await mount({
    setup: (e) => {
      e.agent = fakeAgent([everything]);
      setup(e);
    },
  });
  element.shadowRoot!.querySelector('textarea')!.focus();
  await userEvent.keyboard('Show me everything{Enter}');
  // Lazy chunks (stages, forms) load first: under CPU pressure that takes longer than the default second.
  await expect
    .poll(() => element.shadowRoot!.querySelector('[part~="approval"]'), { timeout: 20_000 })
    .not.toBeNull();
  // Charts are a chunk of their own: checked once drawn.
  await expect
    .poll(() => element.shadowRoot!.querySelector('[part~="content-chart"]'), { timeout: 20_000 })
    .not.toBeNull();
  await userEvent.click(element.shadowRoot!.querySelector<HTMLElement>('[part~="conversations-toggle"]')!);
  await element.updateComplete;
  return element;
}

afterEach(() => {
  document.head.querySelector('#hostile')?.remove();
});

describe('<agent-chat> accessibility and theming', () => {
  for (const theme of ['light', 'dark'] as const)
    it(`has no serious or critical axe-core violations (${theme}), with every kind of item shown`, async () => {
      const element = await mountBusy((e) => e.setAttribute('theme', theme));
      await settled(element); // colours checked after every transition, never mid-way
      const result = await axe.run(element, { resultTypes: ['violations'] });
      const serious = result.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      expect(serious).toEqual([]);
    });

  it('labels every control', async () => {
    const element = await mountBusy();
    element.style.setProperty('--agent-chat-height', '1400px');
    await element.updateComplete;
    // An artifact to look at: every kind of item at once (stages, plan, content, forms, model progress).
    await page.screenshot({ path: '../../../test/artifacts/widget-everything.png', element });
    const controls = element.shadowRoot!.querySelectorAll<HTMLElement>(
      'button, textarea, input:not([type="file"]), select',
    );
    for (const control of controls) {
      const labelled =
        control.getAttribute('aria-label') ||
        (control as HTMLInputElement).labels?.length ||
        control.textContent?.trim();
      expect(labelled, control.outerHTML).toBeTruthy();
    }
  });

  it('switches light / dark with the theme attribute and takes --agent-chat-* properties', async () => {
    const element = await mountBusy();
    const bg = () => getComputedStyle(element).backgroundColor;
    element.setAttribute('theme', 'light');
    expect(bg()).toBe('rgb(255, 255, 255)');
    element.setAttribute('theme', 'dark');
    expect(bg()).toBe('rgb(24, 24, 27)');
    element.style.setProperty('--agent-chat-background', 'rgb(1, 2, 3)');
    element.style.setProperty('--agent-chat-accent', 'rgb(200, 0, 0)');
    expect(bg()).toBe('rgb(1, 2, 3)');
    const send = element.shadowRoot!.querySelector<HTMLElement>('[part~="approve"]')!;
    expect(getComputedStyle(send).backgroundColor).toBe('rgb(200, 0, 0)');
  });

  it('keeps its look under a hostile host-page stylesheet', async () => {
    const style = document.createElement('style');
    style.id = 'hostile';
    style.textContent =
      'body { font: italic 40px/4 serif; letter-spacing: 6px; text-transform: uppercase; text-align: center; white-space: pre; color: red; } ' +
      'button, textarea, p, div { all: unset; font-size: 50px; }';
    document.head.append(style);
    const element = await mountBusy((e) => e.setAttribute('theme', 'light'));
    const answer = element.shadowRoot!.querySelector<HTMLElement>('[part~="message-assistant"]')!;
    const css = getComputedStyle(answer);
    expect([css.fontSize, css.letterSpacing, css.textTransform, css.fontStyle, css.textAlign]).toEqual([
      '15px',
      'normal',
      'none',
      'normal',
      'start',
    ]);
    expect(getComputedStyle(element.shadowRoot!.querySelector('[part~="send"]')!).display).not.toBe('inline');
    expect(getComputedStyle(element).color).toBe('rgb(24, 24, 27)');
  });

  it('overrides any text through .strings and speaks the lang attribute', async () => {
    const element = await mount({
      attributes: { lang: 'fr' },
      setup: (e) => {
        e.agent = fakeAgent([() => []]);
        e.strings = { stop: 'Halte' };
      },
    });
    const root = element.shadowRoot!;
    expect(root.querySelector('[part~="send"]')?.textContent).toBe('Envoyer');
    expect(root.querySelector('textarea')?.placeholder).toBe('Écrivez un message…');
    element.strings = { send: 'Go' };
    element.setAttribute('lang', 'en');
    await element.updateComplete;
    expect(root.querySelector('[part~="send"]')?.textContent).toBe('Go');
    expect(root.querySelector('textarea')?.labels?.[0]?.textContent).toBe('Message');
  });
});
