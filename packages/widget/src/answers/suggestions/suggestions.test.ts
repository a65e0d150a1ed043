import { createAgent, defineTool, memoryStore } from '@agent-chat/core';
import { mockModel } from '@agent-chat/core/test';
import { describe, expect, it } from 'vitest';
import '../../agent-chat.js';
import { mount, part, parts, send } from '../../test/mount.js';
import { parseSuggestions } from './suggestions.js';

describe('suggestions', () => {
  it('shows up to three follow-up questions from one short model call; a click sends one', async () => {
    const model = mockModel([
      { text: 'Brew Sencha at 75 °C.' },
      { text: '1. How long should it steep?\n- "Can I re-steep it?"\nWhich cup is best?\nAnd a fourth?' },
      { text: 'One minute.' },
      { text: '' },
    ]);
    const element = await mount({
      attributes: { suggestions: '' },
      setup: (e) => {
        e.agent = createAgent({ model, store: memoryStore() });
      },
    });
    await send(element, 'How do I brew Sencha?');
    await expect
      .poll(() => parts(element, 'suggestion').map((b) => b.textContent))
      .toEqual(['How long should it steep?', 'Can I re-steep it?', 'Which cup is best?']);
    expect(part(element, 'suggestions')?.getAttribute('aria-label')).toBe('Suggested questions');
    expect(model.requests[1]!.tools ?? []).toEqual([]);
    parts(element, 'suggestion')[0]!.click();
    await expect
      .poll(() => element.shadowRoot!.querySelectorAll('[part~="message-user"]')[1]?.textContent)
      .toBe('How long should it steep?');
    // Gone once the visitor asked.
    expect(part(element, 'suggestions')).toBeNull();
  });

  it("labels them in the page's language", async () => {
    const model = mockModel([{ text: 'Infusez le Sencha à 75 °C.' }, { text: 'Combien de temps ?' }]);
    const element = await mount({
      attributes: { suggestions: '', lang: 'fr' },
      setup: (e) => {
        e.agent = createAgent({ model, store: memoryStore() });
      },
    });
    await send(element, 'Comment infuser le Sencha ?');
    await expect
      .poll(() => part(element, 'suggestions')?.getAttribute('aria-label'))
      .toBe('Questions suggérées');
  });

  it('shows none after an answer waiting for an approval, and none without the attribute', async () => {
    const risky = defineTool({
      name: 'delete_all',
      description: 'Deletes everything.',
      parameters: { type: 'object', properties: {} },
      needsApproval: true,
      execute: () => 'done',
    });
    const model = mockModel([
      { text: 'I will delete it.', toolCalls: [{ id: 'd', name: 'delete_all', arguments: {} }] },
      { text: 'Question?' },
    ]);
    const element = await mount({
      attributes: { suggestions: '' },
      setup: (e) => {
        e.agent = createAgent({ model, store: memoryStore(), tools: [risky] });
      },
    });
    await send(element, 'Delete everything');
    await expect.poll(() => part(element, 'approve')).not.toBeNull();
    expect(model.requests).toHaveLength(1);
    expect(part(element, 'suggestions')).toBeNull();

    const plain = mockModel([{ text: 'Hi.' }]);
    const other = await mount((e) => {
      e.agent = createAgent({ model: plain, store: memoryStore() });
    });
    await send(other, 'Hello');
    await expect
      .poll(() => other.shadowRoot!.querySelector('[part~="message-assistant"]')?.textContent)
      .toBe('Hi.');
    expect(plain.requests).toHaveLength(1);
  });

  it('reads at most three questions from the model’s lines', () => {
    expect(parseSuggestions('* One?\n\n2) Two?\n"Three?"\nFour?')).toEqual(['One?', 'Two?', 'Three?']);
  });
});
