import type { WidgetNode } from '@agent-chat/core';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../agent-chat.js';
import type { ScriptStep } from '../test/fake-agent.js';
import { fakeAgent } from '../test/fake-agent.js';
import { mount, mountWithFakeAgent, part, send } from '../test/mount.js';
import { settled } from '../test/settled.js';

const teas: WidgetNode = {
  type: 'list',
  children: ['Sencha', 'Gyokuro'].map((name) => ({
    type: 'card',
    title: name,
    children: [
      {
        type: 'image',
        src: 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
        alt: `A cup of ${name}`,
      },
      {
        type: 'row',
        children: [
          { type: 'text', text: '12 EUR', weight: 'bold' },
          { type: 'badge', text: 'In stock', tone: 'success' },
          { type: 'badge', text: 'Organic', tone: 'warning' },
        ],
      },
      {
        type: 'row',
        children: [
          { type: 'button', label: 'Ask about it', action: { type: 'send', text: `Tell me about ${name}.` } },
          {
            type: 'button',
            label: 'Add to wishlist',
            variant: 'secondary',
            action: { type: 'call-tool', name: 'add_to_wishlist', args: { tea: name } },
          },
        ],
      },
    ],
  })),
};

const withWidget =
  (widget: unknown): ((message: string) => ScriptStep[]) =>
  () => [
    { type: 'tool.start', turn: 1, toolCallId: 'c1', name: 'search_products', args: { query: 'green' } },
    { type: 'tool.content', toolCallId: 'c1', content: { kind: 'widget', widget: widget as WidgetNode } },
    {
      type: 'tool.complete',
      toolCallId: 'c1',
      name: 'search_products',
      result: 1,
      content: 'two teas',
      durationMs: 3,
    },
    { type: 'response.chunk', turn: 2, text: 'Here are two teas.' },
  ];

const widgetRoot = (element: HTMLElement) =>
  element.shadowRoot!.querySelector('agent-chat-widget')?.shadowRoot ?? null;

afterEach(() => {
  vi.restoreAllMocks();
});

describe('declarative widgets from a tool', () => {
  for (const theme of ['light', 'dark'] as const)
    it(`draws cards, rows, text, images, badges and buttons with the chat's theme; no serious axe violation (${theme})`, async () => {
      const element = await mount({
        attributes: { theme },
        setup: (e) => {
          e.agent = fakeAgent([withWidget(teas)]);
        },
      });
      await send(element, 'Show me green teas');
      await expect
        .poll(() => widgetRoot(element)?.querySelectorAll('button').length, { timeout: 10_000 })
        .toBe(4);
      await settled(element);
      const root = widgetRoot(element)!;
      expect([...root.querySelectorAll('.card-title')].map((t) => t.textContent)).toEqual([
        'Sencha',
        'Gyokuro',
      ]);
      expect(root.querySelector('img')?.alt).toBe('A cup of Sencha');
      // The chat's palette reaches the widget: the primary button takes the theme's accent.
      const accent = getComputedStyle(part(element, 'send')!).backgroundColor;
      expect(getComputedStyle(root.querySelector('button')!).backgroundColor).toBe(accent);
      const result = await axe.run(element, { resultTypes: ['violations'] });
      const serious = result.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      expect(serious).toEqual([]);
    });

  it('sends a button\'s "send" action as the next message', async () => {
    const { element, agent } = await mountWithFakeAgent([
      withWidget(teas),
      () => [{ type: 'response.chunk', turn: 1, text: 'Sencha is steamed.' }],
    ]);
    await send(element, 'Show me green teas');
    await expect
      .poll(() => widgetRoot(element)?.querySelectorAll('button').length, { timeout: 10_000 })
      .toBe(4);
    await expect.poll(() => element.shadowRoot!.querySelector('[part~="send"]')).not.toBeNull();
    widgetRoot(element)!.querySelector('button')!.click();
    await expect
      .poll(() => agent.inputs.map((i) => i.message))
      .toEqual(['Show me green teas', 'Tell me about Sencha.']);
  });

  it('shows a malformed widget as a notice with the default stage, names the tool in a console error, and the conversation goes on', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const element = await mount({
      setup: (e) => {
        e.agent = fakeAgent([withWidget({ type: 'image', src: 'javascript:alert(1)', alt: 'x' })]);
      },
    });
    await send(element, 'Show me green teas');
    await expect
      .poll(() => widgetRoot(element)?.querySelector('.notice')?.textContent)
      .toContain('search_products');
    expect(widgetRoot(element)!.querySelector('img')).toBeNull();
    expect(element.shadowRoot!.querySelector('[part~="stage"] .stage-args')?.textContent).toContain('green');
    await expect.poll(() => part(element, 'message-assistant')?.textContent).toContain('Here are two teas.');
    expect(errors).toHaveBeenCalledWith(
      expect.stringMatching(/tool "search_products".*javascript|src must be/),
    );
  });
});
