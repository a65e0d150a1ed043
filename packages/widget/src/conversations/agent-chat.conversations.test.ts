import { createAgent, memoryStore } from '@agent-chat/core';
import { mockModel } from '@agent-chat/core/test';
import { describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import '../agent-chat.js';
import type { AgentChatElement } from '../element/agent-chat.component.js';
import { mount } from '../test/mount.js';

/** A model that answers "Answer N to <question>" and records what it was sent. */
function countingModel() {
  let n = 0;
  return mockModel([(request) => ({ text: `Answer ${++n} to ${request.messages.at(-1)?.content}` })]);
}

const mountChat = (setup: (element: AgentChatElement) => void) =>
  mount({ attributes: { id: 'chat' }, setup });

const $ = (element: AgentChatElement, selector: string) =>
  element.shadowRoot!.querySelector<HTMLElement>(selector);
const $$ = (element: AgentChatElement, selector: string) => [
  ...element.shadowRoot!.querySelectorAll<HTMLElement>(selector),
];
const answers = (element: AgentChatElement) =>
  $$(element, '[part~="message-assistant"]').map((m) => m.textContent?.trim());

async function send(element: AgentChatElement, text: string): Promise<void> {
  $(element, 'textarea')!.focus();
  await userEvent.keyboard(`${text}{Enter}`);
  await expect.poll(() => answers(element).at(-1)).toMatch(new RegExp(`to ${text}$`));
  await expect.poll(() => $(element, '[part~="stop"]')).toBeNull();
}

describe('<agent-chat> conversations', () => {
  it('lists, opens, renames, exports and deletes conversations from the store', async () => {
    const store = memoryStore();
    const element = await mountChat((e) => {
      e.agent = createAgent({ model: countingModel(), store });
    });
    await send(element, 'first');
    const firstId = element.conversationId!;
    await userEvent.click($(element, '[part~="header"] [part~="new-conversation"]')!);
    await expect.poll(() => answers(element)).toEqual([]);
    await send(element, 'second');
    expect(element.conversationId).not.toBe(firstId);

    await userEvent.click($(element, '[part~="conversations-toggle"]')!);
    await expect
      .poll(() => $$(element, '[part~="conversation"]').map((c) => c.dataset.id))
      .toEqual([element.conversationId, firstId]);
    // Open the first one again: its messages are shown and the next message continues it.
    await userEvent.click($(element, `[data-id="${firstId}"] .conversation-title`)!);
    await expect.poll(() => answers(element)).toEqual(['Answer 1 to first']);
    expect(element.conversationId).toBe(firstId);

    // Rename with the keyboard.
    await userEvent.click($(element, `[data-id="${firstId}"] button[aria-label^="Rename"]`)!);
    await expect.poll(() => element.shadowRoot!.activeElement?.className).toBe('rename');
    await userEvent.keyboard('Trip plans{Enter}');
    await expect
      .poll(async () => (await store.list()).find((c) => c.id === firstId)?.title)
      .toBe('Trip plans');
    await expect
      .poll(() => $(element, `[data-id="${firstId}"] .conversation-title`)?.textContent)
      .toBe('Trip plans');

    // Export hands the browser a JSON file of the conversation.
    const blobs: Blob[] = [];
    const create = vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:test';
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await userEvent.click($(element, `[data-id="${firstId}"] button[aria-label^="Export"]`)!);
    await expect.poll(() => blobs.length).toBe(1);
    const exported = JSON.parse(await blobs[0]!.text());
    expect(exported.format).toBe('agent-chat.conversation');
    expect(exported.messages.map((m: { content: string }) => m.content)).toEqual([
      'first',
      'Answer 1 to first',
    ]);
    create.mockRestore();
    click.mockRestore();

    await userEvent.click($(element, `[data-id="${firstId}"] button[aria-label^="Delete"]`)!);
    await expect.poll(() => $$(element, '[part~="conversation"]').length).toBe(1);
    expect(await store.load(firstId)).toEqual([]);
    // The open conversation was deleted: the log is empty again.
    expect(answers(element)).toEqual([]);
  });

  it('restores the last conversation after a reload', async () => {
    const store = memoryStore();
    const model = countingModel();
    const first = await mountChat((e) => {
      e.agent = createAgent({ model, store });
    });
    await send(first, 'remember me');
    const id = first.conversationId;
    first.remove();
    // A "reload": a new element with the same id and the same (persistent) store, given its agent only
    // after it is in the page, as a script-tag page does.
    const second = await mountChat(() => {});
    second.agent = createAgent({ model, store });
    await expect.poll(() => answers(second)).toEqual(['Answer 1 to remember me']);
    expect(second.conversationId).toBe(id);
    await send(second, 'and now');
    expect(model.requests.at(-1)?.messages.map((m) => m.content)).toEqual([
      'remember me',
      'Answer 1 to remember me',
      'and now',
    ]);
  });

  it('opens the conversation named by the conversation-id attribute', async () => {
    const store = memoryStore();
    await store.append('c-42', [
      { role: 'user', content: 'stored question' },
      { role: 'assistant', content: 'stored answer' },
    ]);
    const element = await mountChat((e) => {
      e.setAttribute('conversation-id', 'c-42');
      e.agent = createAgent({ model: countingModel(), store });
    });
    await expect.poll(() => answers(element)).toEqual(['stored answer']);
  });

  it('regenerates the last answer and edits the last message, each keeping the old turn as a branch', async () => {
    const model = countingModel();
    const element = await mountChat((e) => {
      e.agent = createAgent({ model, store: memoryStore() });
    });
    await send(element, 'one');
    await send(element, 'two');
    // Regenerate and edit come with the answer actions' chunk, once an answer is there.
    await expect.poll(() => $(element, '[part~="regenerate"]')).not.toBeNull();
    await userEvent.click($(element, '[part~="regenerate"]')!);
    await expect.poll(() => answers(element)).toEqual(['Answer 1 to one', 'Answer 3 to two']);
    expect(model.requests.at(-1)?.messages.map((m) => m.content)).toEqual(['one', 'Answer 1 to one', 'two']);
    // The old answer is a branch of the last turn.
    await expect.poll(() => $(element, '[part~="branch-status"]')?.textContent).toBe('2 / 2');

    // One Regenerate (the last answer's own: no second one in a row under the conversation).
    expect(element.shadowRoot!.querySelectorAll('[part~="regenerate"]')).toHaveLength(1);
    expect($(element, '[part~="edit"]')).toBeNull();
    const edits = () => [...element.shadowRoot!.querySelectorAll<HTMLElement>('[part~="edit-message"]')];
    await expect.poll(() => edits().length).toBe(2);
    await userEvent.click(edits()[1]!);
    const editor = () => $(element, '[part~="message-editor"] textarea') as HTMLTextAreaElement | null;
    await expect.poll(() => editor()?.value).toBe('two');
    expect(element.shadowRoot!.activeElement).toBe(editor());
    await userEvent.keyboard('{Control>}a{/Control}three');
    await userEvent.click($(element, '[part~="edit-save"]')!);
    await expect.poll(() => answers(element)).toEqual(['Answer 1 to one', 'Answer 4 to three']);
    expect(model.requests.at(-1)?.messages.map((m) => m.content)).toEqual([
      'one',
      'Answer 1 to one',
      'three',
    ]);
    await expect.poll(() => $(element, '[part~="branch-status"]')?.textContent).toBe('3 / 3');
  });
});
