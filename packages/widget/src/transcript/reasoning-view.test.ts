import { memoryStore } from '@agent-chat/core';
import { describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import '../agent-chat.js';
import { fakeAgent } from '../test/fake-agent.js';
import { mountWithFakeAgent, send } from '../test/mount.js';

const summaryOf = (details: HTMLDetailsElement | null) =>
  details?.querySelector('summary')?.textContent?.trim();

describe('the Thinking disclosure', () => {
  it('streams the reasoning open, collapses when the answer starts, and shows how long the model thought', async () => {
    let release!: () => void;
    const answerMayStart = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { element, root } = await mountWithFakeAgent([
      () => [
        { type: 'reasoning.chunk', turn: 1, text: 'The user asks for ' },
        { type: 'reasoning.chunk', turn: 1, text: 'the capital of France.' },
        { until: () => answerMayStart },
        {
          type: 'reasoning.done',
          turn: 1,
          text: 'The user asks for the capital of France.',
          durationMs: 2400,
        },
        { type: 'response.chunk', turn: 1, text: 'Paris.' },
        { type: 'response.done', text: 'Paris.' },
      ],
    ]);
    await send(element, 'Capital of France?');
    const details = () => root.querySelector<HTMLDetailsElement>('[part~="reasoning"]');
    await expect.poll(() => details()?.textContent).toContain('the capital of France.');
    expect(details()!.open).toBe(true);
    expect(summaryOf(details())).toBe('Thinking…');
    release();
    await expect.poll(() => summaryOf(details())).toBe('Thought for 2.4 s');
    expect(details()!.open).toBe(false);
    // The disclosure sits above its answer, and the answer does not contain the reasoning.
    const answer = root.querySelector('[part~="message-assistant"]')!;
    expect(details()!.compareDocumentPosition(answer) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(answer.textContent).not.toContain('capital of France');
    // A reader can open it again, and it stays open across later renders.
    await userEvent.click(details()!.querySelector('summary')!);
    await element.updateComplete;
    expect(details()!.open).toBe(true);
  });

  it('closes when the run is stopped while the model thinks', async () => {
    const { element, root } = await mountWithFakeAgent([
      () => [
        { type: 'reasoning.chunk', turn: 1, text: 'Pondering…' },
        {
          until: (signal) =>
            new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve())),
        },
      ],
    ]);
    await send(element, 'Think forever');
    const details = () => root.querySelector<HTMLDetailsElement>('[part~="reasoning"]');
    await expect.poll(() => details()?.open).toBe(true);
    root.querySelector<HTMLButtonElement>('[part~="stop"]')!.click();
    await expect.poll(() => details()?.open).toBe(false);
    expect(summaryOf(details())).toMatch(/^Thought for /);
  });

  it('speaks the page language', async () => {
    const { element, root } = await mountWithFakeAgent([
      () => [
        { type: 'reasoning.chunk', turn: 1, text: 'Hmm.' },
        { type: 'reasoning.done', turn: 1, text: 'Hmm.', durationMs: 800 },
        { type: 'response.chunk', turn: 1, text: 'Oui.' },
      ],
    ]);
    element.lang = 'fr';
    await send(element, 'Bonjour');
    await expect.poll(() => summaryOf(root.querySelector('[part~="reasoning"]'))).toBe('A réfléchi 800 ms');
  });

  it('is kept, collapsed, with the stored conversation', async () => {
    const store = memoryStore();
    await store.append('c-think', [
      { role: 'user', content: 'Capital of France?' },
      { role: 'assistant', content: 'Paris.', reasoning: { text: 'Easy: Paris.', durationMs: 1500 } },
    ]);
    const agent = fakeAgent([() => []]);
    const element = document.createElement('agent-chat');
    element.agent = { ...agent, store };
    element.setAttribute('conversation-id', 'c-think');
    document.body.append(element);
    const details = () => element.shadowRoot!.querySelector<HTMLDetailsElement>('[part~="reasoning"]');
    await expect.poll(() => summaryOf(details())).toBe('Thought for 1.5 s');
    expect(details()!.open).toBe(false);
    expect(details()!.querySelector('.reasoning-text')!.textContent).toBe('Easy: Paris.');
  });
});
