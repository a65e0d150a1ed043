import { createAgent } from '@agent-chat/core';
import { mockModel } from '@agent-chat/core/test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import '../../agent-chat.js';
import type { AgentChatElement } from '../../element/agent-chat.component.js';

async function mount(markup: string, setup: (element: AgentChatElement) => void = () => {}) {
  document.body.innerHTML = markup;
  const element = document.querySelector('agent-chat')!;
  setup(element);
  await element.updateComplete;
  return element;
}

const parts = (element: AgentChatElement, name: string) => [
  ...element.shadowRoot!.querySelectorAll<HTMLElement>(`[part~="${name}"]`),
];

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
  document.body.replaceChildren();
});

describe('start screen', () => {
  it('shows the greeting and prompts (strings and objects) of the attributes; a click sends the prompt', async () => {
    const model = mockModel([{ text: 'We ship in 2 days.' }]);
    const element = await mount(
      `<agent-chat greeting="Hello! How can I help?" starter-prompts='["Track my order", {"label": "Shipping", "prompt": "How long does shipping take?", "icon": "🚚"}]'></agent-chat>`,
      (el) => {
        el.agent = createAgent({ model });
      },
    );
    await expect.poll(() => parts(element, 'greeting')[0]?.textContent).toBe('Hello! How can I help?');
    const prompts = parts(element, 'starter-prompt');
    expect(prompts.map((p) => p.textContent?.trim())).toEqual(['Track my order', '🚚Shipping']);
    // The icon is decorative: the button's accessible text is its label.
    expect(prompts[1]!.querySelector('[aria-hidden="true"]')?.textContent).toBe('🚚');
    // Keyboard: Enter on a focused prompt (a real button) sends it.
    prompts[1]!.focus();
    await userEvent.keyboard('{Enter}');
    await expect.poll(() => parts(element, 'message-assistant')[0]?.textContent).toBe('We ship in 2 days.');
    expect(parts(element, 'message-user').map((m) => m.textContent)).toEqual([
      'How long does shipping take?',
    ]);
    expect(JSON.stringify(model.requests[0]?.messages)).toContain('How long does shipping take?');
    // The conversation is no longer empty: the start screen is gone.
    expect(parts(element, 'start-screen')).toEqual([]);
  });

  it('takes the prompts as a property array and translates its label (lang="de")', async () => {
    const element = await mount('<agent-chat lang="de"></agent-chat>', (el) => {
      el.agent = createAgent({ model: mockModel([{ text: 'ok' }]) });
      el.starterPrompts = [{ label: 'Rückgabe', prompt: 'Wie gebe ich etwas zurück?' }];
    });
    await expect.poll(() => parts(element, 'starter-prompt').length).toBe(1);
    expect(element.shadowRoot!.querySelector('.starter-prompts')?.getAttribute('aria-label')).toBe(
      'Vorschläge',
    );
    expect(parts(element, 'greeting')).toEqual([]);
  });

  it('warns naming the attribute and shows no prompts when starter-prompts is malformed JSON', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const element = await mount(
      `<agent-chat greeting="Hi" starter-prompts='["Track my order",'></agent-chat>`,
      (el) => {
        el.agent = createAgent({ model: mockModel([{ text: 'ok' }]) });
      },
    );
    await expect.poll(() => parts(element, 'greeting').length).toBe(1);
    expect(parts(element, 'starter-prompt')).toEqual([]);
    expect(warn).toHaveBeenCalledWith(
      expect.stringContaining('"starter-prompts" attribute is not valid JSON'),
    );
  });
});
