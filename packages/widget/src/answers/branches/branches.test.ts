import { createAgent, memoryStore } from '@agent-chat/core';
import { mockModel } from '@agent-chat/core/test';
import { afterEach, describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import '../../agent-chat.js';
import type { AgentChatElement } from '../../element/agent-chat.component.js';
import { send } from '../../test/mount.js';

const $ = (element: AgentChatElement, selector: string) =>
  element.shadowRoot!.querySelector<HTMLElement>(selector);
const texts = (element: AgentChatElement, part: string) =>
  [...element.shadowRoot!.querySelectorAll(`[part~="${part}"]`)].map((e) => e.textContent?.trim());

afterEach(() => {
  localStorage.clear();
  document.body.replaceChildren();
});

/** A model that answers "Answer N to <question>". */
function countingModel() {
  let n = 0;
  return mockModel([(request) => ({ text: `Answer ${++n} to ${request.messages.at(-1)?.content}` })]);
}

describe('branches', () => {
  it('editing an earlier message keeps the old turns as a branch; ‹ › switches between both histories', async () => {
    const model = countingModel();
    const store = memoryStore();
    document.body.innerHTML = '<agent-chat></agent-chat>';
    const element = document.querySelector('agent-chat')!;
    element.agent = createAgent({ model, store });
    await element.updateComplete;
    for (const q of ['one', 'two', 'three']) {
      await send(element, q);
      await expect.poll(() => texts(element, 'message-assistant').at(-1)).toContain(`to ${q}`);
    }
    const old = { users: texts(element, 'message-user'), answers: texts(element, 'message-assistant') };
    await expect.poll(() => $(element, '[part~="edit-message"]')).not.toBeNull();
    $(element, '[part~="edit-message"]')!.click();
    await expect.poll(() => element.shadowRoot!.activeElement?.tagName).toBe('TEXTAREA');
    await userEvent.keyboard('{Control>}a{/Control}uno');
    $(element, '[part~="edit-save"]')!.click();
    await expect.poll(() => texts(element, 'message-assistant')).toEqual(['Answer 4 to uno']);
    expect(texts(element, 'message-user')).toEqual(['uno']);
    // The model saw the new branch only.
    expect(model.requests.at(-1)?.messages.map((m) => m.content)).toEqual(['uno']);
    await expect.poll(() => texts(element, 'branch-status')).toEqual(['2 / 2']);
    // Back to the first version: the whole old history, exactly.
    $(element, '[part~="branch-prev"]')!.click();
    await expect.poll(() => texts(element, 'message-user')).toEqual(old.users);
    expect(texts(element, 'message-assistant')).toEqual(old.answers);
    await expect.poll(() => texts(element, 'branch-status')).toEqual(['1 / 2']);
    // Regenerate the second answer: a branch at that turn; the model sees turn one and the question only.
    const regenerate = element.shadowRoot!.querySelectorAll<HTMLElement>('[part~="regenerate-answer"]')[1]!;
    regenerate.click();
    await expect.poll(() => texts(element, 'message-assistant')).toEqual([old.answers[0], 'Answer 5 to two']);
    expect(model.requests.at(-1)?.messages.map((m) => m.content)).toEqual(['one', old.answers[0], 'two']);
    await expect.poll(() => texts(element, 'branch-status')).toEqual(['1 / 2', '2 / 2']);
    $(element, '[part~="branch-next"]')!.click();
    await expect.poll(() => texts(element, 'message-user')).toEqual(['uno']);
  });
});
