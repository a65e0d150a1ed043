import { describe, expect, it } from 'vitest';
import { toolOutput, toolOutputText } from '../tools/tool-output.js';
import { checkWidget } from './widget-check.js';

const card = {
  type: 'card',
  title: 'Sencha',
  children: [
    { type: 'image', src: 'https://shop.example/sencha.jpg', alt: 'A cup of Sencha' },
    {
      type: 'row',
      children: [
        { type: 'text', text: '12 EUR', weight: 'bold' },
        { type: 'badge', text: 'In stock', tone: 'success' },
      ],
    },
    { type: 'button', label: 'Ask about it', action: { type: 'send', text: 'Tell me about Sencha' } },
    {
      type: 'button',
      label: 'Add to wishlist',
      variant: 'secondary',
      action: { type: 'call-tool', name: 'add_to_wishlist', args: { tea: 'Sencha' } },
    },
  ],
};

describe('checkWidget', () => {
  it('accepts cards, lists, rows, text, images, badges and buttons with their actions', () => {
    const list = { type: 'list', children: [card] };
    expect(checkWidget(list)).toEqual({ ok: true, widget: list });
    expect(checkWidget({ type: 'image', src: 'data:image/png;base64,iVBORw0KGgo=', alt: 'dot' }).ok).toBe(
      true,
    );
  });

  it('refuses an unknown node, naming where it is', () => {
    expect(
      checkWidget({ type: 'list', children: [card, { type: 'iframe', src: 'https://x.example' }] }),
    ).toEqual({
      ok: false,
      problem: expect.stringContaining('widget.children[1].type "iframe" is not a widget node'),
    });
    expect(checkWidget({ type: 'text', text: 'hi', html: '<b>hi</b>' })).toEqual({
      ok: false,
      problem: 'widget.html is not a field of a "text" node',
    });
    expect(checkWidget('<div>').ok).toBe(false);
  });

  it('refuses a javascript: URL and any image that is not http(s) or a raster data image', () => {
    for (const src of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=',
      'data:text/html,<script>alert(1)</script>',
      '//evil.example/x.png',
    ])
      expect(checkWidget({ type: 'image', src, alt: 'x' })).toEqual({
        ok: false,
        problem: expect.stringContaining('widget.src must be an http(s) URL'),
      });
  });

  it('refuses a 10 MB payload, too many nodes and deep nesting', () => {
    const huge = { type: 'text', text: 'x'.repeat(10 * 1024 * 1024) };
    expect(checkWidget(huge)).toEqual({ ok: false, problem: expect.stringContaining('larger than') });
    const many = { type: 'list', children: Array.from({ length: 600 }, () => ({ type: 'text', text: 'a' })) };
    expect(checkWidget(many)).toEqual({ ok: false, problem: expect.stringContaining('more than 500 nodes') });
    let deep: object = { type: 'text', text: 'bottom' };
    for (let i = 0; i < 12; i++) deep = { type: 'card', children: [deep] };
    expect(checkWidget(deep)).toEqual({ ok: false, problem: expect.stringContaining('nested deeper') });
  });

  it('refuses a button without a valid action', () => {
    expect(
      checkWidget({ type: 'button', label: 'Go', action: { type: 'navigate', url: 'https://x' } }).ok,
    ).toBe(false);
    expect(
      checkWidget({ type: 'button', label: 'Go', action: { type: 'call-tool', name: 'bad name!' } }),
    ).toEqual({ ok: false, problem: 'widget.action.name must be a tool name' });
  });

  it('gives the model the texts the user sees, without throwing on a malformed widget', () => {
    const text = toolOutputText(toolOutput([{ kind: 'widget', widget: card as never }]).content);
    expect(text).toBe(
      '[widget shown to the user:]\nSencha\n[image: A cup of Sencha]\n12 EUR\nIn stock\n[button: Ask about it]\n[button: Add to wishlist]',
    );
    expect(toolOutputText([{ kind: 'widget', widget: { type: 'list', children: 'x' } as never }])).toBe(
      '[widget shown to the user:]\n',
    );
  });
});
