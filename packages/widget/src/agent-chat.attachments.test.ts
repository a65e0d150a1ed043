import { createAgent } from '@agent-chat/core';
import { mockModel } from '@agent-chat/core/test';
import { afterEach, describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import './agent-chat.js';

afterEach(() => {
  // The default store keeps conversations in IndexedDB: without this, the next element restores this one.
  localStorage.clear();
  document.body.replaceChildren();
});

describe('<agent-chat> attachments', () => {
  it('attaches a picked or dropped file; the model reads it with read_attachment', async () => {
    const model = mockModel([
      { toolCalls: [{ name: 'read_attachment', arguments: { name: 'notes.txt' } }] },
      (request) => ({ text: `The file says: ${request.messages.at(-1)?.content}` }),
    ]);
    const element = document.createElement('agent-chat');
    document.body.append(element);
    element.agent = createAgent({ model, tools: [element.attachmentTool] });
    await element.updateComplete;
    const root = element.shadowRoot!;

    const picker = root.querySelector<HTMLInputElement>('input[type="file"]')!;
    await userEvent.upload(picker, new File(['draft v1'], 'old.txt', { type: 'text/plain' }));
    await expect.poll(() => root.querySelectorAll('[part~="attachment"]').length).toBe(1);
    // Remove it again, then drop the real file on the chat.
    await userEvent.click(root.querySelector<HTMLElement>('[part~="attachment"] button')!);
    expect(root.querySelectorAll('[part~="attachment"]')).toHaveLength(0);
    const data = new DataTransfer();
    data.items.add(new File(['Buy milk.'], 'notes.txt', { type: 'text/plain' }));
    element.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
    await expect.poll(() => root.querySelector('[part~="attachment"]')?.textContent).toContain('notes.txt');

    root.querySelector('textarea')!.focus();
    await userEvent.keyboard('Summarize my file{Enter}');
    await expect
      .poll(() => root.querySelector('[part~="message-assistant"]')?.textContent)
      .toBe('The file says: Buy milk.');
    expect(model.requests[0]?.messages.at(-1)?.content).toBe(
      'Summarize my file\n\n[Attached: notes.txt (9 B). Read them with the read_attachment tool.]',
    );
    expect(root.querySelectorAll('[part~="attachment"]')).toHaveLength(0);
  });

  it('refuses a file over the size limit with a message saying the limit', async () => {
    const element = document.createElement('agent-chat');
    element.agent = createAgent({ model: mockModel([{ text: 'x' }]) });
    document.body.append(element);
    await element.updateComplete;
    const big = new File([new Uint8Array(3 * 1024 * 1024)], 'big.bin');
    await userEvent.upload(element.shadowRoot!.querySelector<HTMLInputElement>('input[type="file"]')!, big);
    await expect
      .poll(() => element.shadowRoot!.querySelector('[part~="error"]')?.textContent)
      .toBe('big.bin is 3.0 MB; attachments can be at most 2.0 MB.');
  });
});
