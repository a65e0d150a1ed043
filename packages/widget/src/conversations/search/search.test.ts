import { createAgent, memoryStore } from '@agent-chat/core';
import { mockModel } from '@agent-chat/core/test';
import { afterEach, describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import '../../agent-chat.js';
import type { AgentChatElement } from '../../element/agent-chat.component.js';

const $ = (element: AgentChatElement, selector: string) =>
  element.shadowRoot!.querySelector<HTMLElement>(selector);
const titles = (element: AgentChatElement) =>
  [...element.shadowRoot!.querySelectorAll('[part~="conversation"] .conversation-title')].map((b) =>
    b.textContent?.trim(),
  );

afterEach(() => {
  localStorage.clear();
  document.body.replaceChildren();
});

describe('conversation search', () => {
  it('finds conversations by a word of any message (a store without its own search), keyboard only', async () => {
    const store = memoryStore();
    await store.append('a', [
      { role: 'user', content: 'Which green tea?' },
      { role: 'assistant', content: 'Sencha is grassy.' },
    ]);
    await store.append('b', [
      { role: 'user', content: 'Shipping to Lyon?' },
      { role: 'assistant', content: 'Two days by courier.' },
    ]);
    document.body.innerHTML = '<agent-chat lang="de"></agent-chat>';
    const element = document.querySelector('agent-chat')!;
    element.agent = createAgent({ model: mockModel([{ text: 'ok' }]), store });
    await element.updateComplete;
    $(element, '[part~="conversations-toggle"]')!.click();
    await expect.poll(() => $(element, '[part~="conversation-search"]')).not.toBeNull();
    const box = $(element, '[part~="conversation-search"]') as HTMLInputElement;
    expect(box.getAttribute('aria-label')).toBe('Unterhaltungen durchsuchen');
    await expect.poll(() => titles(element).sort()).toEqual(['Shipping to Lyon?', 'Which green tea?']);
    box.focus();
    await userEvent.keyboard('courier');
    await expect.poll(() => titles(element)).toEqual(['Shipping to Lyon?']);
    await userEvent.keyboard('{Control>}a{/Control}grassy sencha');
    await expect.poll(() => titles(element)).toEqual(['Which green tea?']);
    await userEvent.keyboard('{Control>}a{/Control}matcha');
    await expect.poll(() => titles(element)).toEqual([]);
    expect($(element, '.search-status')?.textContent?.trim()).toBe('Keine Unterhaltung gefunden.');
    // Each entry carries its last change as a timestamp (shown on hover and focus).
    await userEvent.keyboard('{Control>}a{/Control}{Backspace}');
    await expect.poll(() => titles(element).length).toBe(2);
    expect($(element, '[part~="conversation-time"]')?.getAttribute('datetime')).toMatch(/^\d{4}-\d\d-\d\dT/);
  });
});
