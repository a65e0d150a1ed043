import { createAgent, memoryStore, openAICompatible } from '@agent-chat/core';
import { eventStreamFetch } from '@agent-chat/core/test';
import { describe, expect, it } from 'vitest';
import '../agent-chat.js';
import { mount, send } from '../test/mount.js';

/** A model that opens `<think>` inline (Qwen3 on Ollama / llama.cpp) and never closes it. */
function thinkingOnlyModel() {
  const chunks = ['<think>', 'Let me weigh ', 'the options…'].map(
    (content) => `data: ${JSON.stringify({ choices: [{ delta: { content } }] })}\n\n`,
  );
  chunks.push('data: {"choices":[{"delta":{},"finish_reason":"length"}]}\n\ndata: [DONE]\n\n');
  return openAICompatible({
    baseURL: 'http://model.test/v1',
    model: 'qwen3',
    fetch: eventStreamFetch([new TextEncoder().encode(chunks.join(''))]),
  });
}

async function mountThinking(lang?: string) {
  const store = memoryStore();
  const element = await mount({
    attributes: lang ? { lang } : {},
    setup: (e) => {
      e.agent = createAgent({ model: thinkingOnlyModel(), store });
      e.store = store;
    },
  });
  return { element, root: element.shadowRoot! };
}

describe('an answer the model left empty', () => {
  it('keeps a never-closed <think> as reasoning and tells the user the model gave no answer', async () => {
    const { element, root } = await mountThinking();
    await send(element, 'Which one?');
    const note = () => root.querySelector('[part~="message-assistant"] [part="empty-answer"]');
    await expect.poll(() => note()?.textContent).toBe('The model gave no answer.');
    // The thinking is in its disclosure, never in the answer.
    // The Thinking disclosure's view is a lazy chunk: it renders a moment after the first reasoning item.
    await expect
      .poll(() => root.querySelector('[part~="reasoning"]')?.textContent ?? '')
      .toContain('Let me weigh the options…');
    expect(root.querySelector('[part~="message-assistant"]')?.textContent).not.toContain('weigh');
    expect(root.querySelectorAll('[part~="message-assistant"]')).toHaveLength(1);
  });

  it('says so in the element’s language', async () => {
    const { element, root } = await mountThinking('fr');
    await send(element, 'Lequel ?');
    await expect
      .poll(() => root.querySelector('[part="empty-answer"]')?.textContent)
      .toBe('Le modèle n’a donné aucune réponse.');
  });
});
