import { afterEach, describe, expect, it, vi } from 'vitest';
import '../agent-chat.js';
import type { ScriptStep } from '../test/fake-agent.js';
import { mountWithFakeAgent, part, send } from '../test/mount.js';

const searchRun = (): ScriptStep[] => [
  { type: 'tool.start', turn: 1, toolCallId: 'c1', name: 'search_products', args: { query: 'green' } },
  {
    type: 'tool.complete',
    toolCallId: 'c1',
    name: 'search_products',
    result: ['Sencha'],
    content: '["Sencha"]',
    durationMs: 2,
  },
  { type: 'response.chunk', turn: 2, text: 'One tea.' },
];

class ThrowingView extends HTMLElement {
  set result(_value: unknown) {
    throw new Error('cannot draw');
  }
}
customElements.define('throwing-view', ThrowingView);

class ActingView extends HTMLElement {
  set status(value: string) {
    this.dataset.status = value;
  }
}
customElements.define('acting-view', ActingView);

afterEach(() => {
  vi.restoreAllMocks();
});

describe('tool views: bad input', () => {
  it('a view that throws in a setter: default stage, a notice, a console error naming the tool; the conversation goes on', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { element, root } = await mountWithFakeAgent([searchRun]);
    element.setAttribute('tool-views', '{"search_products":"throwing-view"}');
    await send(element, 'Green teas?');
    await expect.poll(() => part(element, 'tool-view-notice'), { timeout: 10_000 }).not.toBeNull();
    expect(root.querySelector('[part~="stage"] .stage-args')?.textContent).toContain('green');
    expect(root.querySelector('throwing-view')).toBeNull();
    await expect.poll(() => part(element, 'message-assistant')?.textContent).toContain('One tea.');
    expect(errors).toHaveBeenCalledWith(
      expect.stringMatching(
        /tool "search_products".*<throwing-view> threw when its result was set: cannot draw/,
      ),
    );
  });

  it('refuses an invalid agent-chat-action with a console error saying what is wrong, and sends nothing', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { element, agent, root } = await mountWithFakeAgent([searchRun]);
    element.toolViews = { search_products: 'acting-view' };
    await send(element, 'Green teas?');
    const view = () => root.querySelector<HTMLElement>('acting-view');
    await expect.poll(() => view()?.dataset.status, { timeout: 10_000 }).toBe('done');
    await expect.poll(() => part(element, 'send')).not.toBeNull();
    for (const detail of [{ type: 'navigate', url: 'https://x.example' }, { type: 'send', text: '' }, 'hi'])
      view()!.dispatchEvent(new CustomEvent('agent-chat-action', { detail, bubbles: true, composed: true }));
    await expect.poll(() => errors.mock.calls.length).toBe(3);
    // Checked in the lazy actions chunk: the order they are reported in may vary.
    expect(errors.mock.calls.map((c) => String(c[0]))).toEqual(
      expect.arrayContaining([
        expect.stringContaining('unknown action type "navigate"'),
        expect.stringContaining('a "send" action needs a non-empty string "text"'),
        expect.stringContaining('detail must be an object'),
      ]),
    );
    expect(agent.inputs).toHaveLength(1);
  });
});
