import { createAgent, memoryStore } from '@agent-chat/core';
import { mockModel } from '@agent-chat/core/test';
import { describe, expect, it } from 'vitest';
import '../agent-chat.js';
import { mount, send } from '../test/mount.js';

describe('title-mode', () => {
  it('"model": one short model call names the conversation after its first answer, never again', async () => {
    const store = memoryStore();
    const model = mockModel([
      { text: 'Brew Sencha at 75 °C for a minute.' },
      { text: '"Brewing Sencha."' },
      { text: 'About 3 grams.' },
    ]);
    const element = await mount({
      attributes: { 'title-mode': 'model' },
      setup: (e) => {
        e.agent = createAgent({ model, store });
      },
    });
    await send(element, 'How do I brew sencha tea properly at home?');
    await expect.poll(async () => (await store.list())[0]?.title).toBe('Brewing Sencha');
    const naming = model.requests[1]!;
    expect(naming.tools ?? []).toEqual([]);
    expect(naming.maxTokens).toBeLessThanOrEqual(32);
    expect(naming.messages[0]).toMatchObject({ role: 'system' });
    expect(naming.messages[1]?.content).toContain('How do I brew sencha');
    await send(element, 'How much tea?');
    await expect
      .poll(() => element.shadowRoot!.querySelectorAll('[part~="message-assistant"]')[1]?.textContent)
      .toBe('About 3 grams.');
    await expect.poll(() => element.hasAttribute('running')).toBe(false);
    expect(model.requests).toHaveLength(3);
    expect((await store.list())[0]?.title).toBe('Brewing Sencha');
  });

  it('keeps the first line of the first message by default (no extra model call)', async () => {
    const store = memoryStore();
    const model = mockModel([{ text: 'Sure.' }]);
    const element = await mount((e) => {
      e.agent = createAgent({ model, store });
    });
    await send(element, 'Tell me about Gyokuro');
    await expect.poll(async () => (await store.list())[0]?.title).toBe('Tell me about Gyokuro');
    expect(model.requests).toHaveLength(1);
  });
});
