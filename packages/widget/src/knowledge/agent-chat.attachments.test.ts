import { createAgent } from '@agent-chat/core';
import { minimalPdf, mockModel } from '@agent-chat/core/test';
import { describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import '../agent-chat.js';
import { fakeSite } from '../test/fake-site.js';
import { mount, send } from '../test/mount.js';

describe('<agent-chat> attachments', () => {
  it('attaches a picked or dropped file; the model reads it with read_attachment', async () => {
    const model = mockModel([
      { toolCalls: [{ name: 'read_attachment', arguments: { source: 'notes.txt' } }] },
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
      .toContain('Buy milk.');
    expect(model.requests[0]?.messages.at(-1)?.content).toBe(
      'Summarize my file\n\n[Attached: notes.txt (9 B). Read them with the read_attachment tool.]',
    );
    expect(root.querySelectorAll('[part~="attachment"]')).toHaveLength(0);
  });

  it('refuses a file over the size limit with a message saying the limit', async () => {
    const element = await mount((e) => (e.agent = createAgent({ model: mockModel([{ text: 'x' }]) })));
    const big = new File([new Uint8Array(3 * 1024 * 1024)], 'big.bin');
    await userEvent.upload(element.shadowRoot!.querySelector<HTMLInputElement>('input[type="file"]')!, big);
    await expect
      .poll(() => element.shadowRoot!.querySelector('[part~="error"]')?.textContent)
      .toBe('big.bin is 3.0 MB; attachments can be at most 2.0 MB.');
  });
});

describe('<agent-chat> PDF attachments through core', () => {
  it('reads a PDF as text, pages it by 10 KB, and keeps it across a reload within its TTL', async () => {
    // Three PDF pages of ~4 KB text each (50 lines fit on a page): read_attachment's 10 KB pages make two.
    const line = (page: number, n: number) =>
      `Page ${page} line ${n}: oolong notes of orchid and honey, roasted rice, long finish.`;
    const pdf = minimalPdf([
      Array.from({ length: 50 }, (_, n) => line(1, n)),
      Array.from({ length: 50 }, (_, n) => line(2, n)),
      [...Array.from({ length: 49 }, (_, n) => line(3, n)), 'THE END OF THE TASTING REPORT'],
    ]);
    const site = fakeSite({
      turns: [
        { toolCalls: [{ name: 'read_attachment', arguments: { source: 'report.pdf', page: 2 } }] },
        { text: 'Read page 2.' },
        { toolCalls: [{ name: 'read_attachment', arguments: { source: 'report.pdf' } }] },
        { text: 'Still here.' },
      ],
    });
    const html =
      '<agent-chat id="pdf-chat" proxy-url="http://shop.test" model="gpt-4o-mini" memory="off"></agent-chat>';
    document.body.innerHTML = html;
    let element = document.querySelector('agent-chat')!;
    await element.updateComplete;
    await userEvent.upload(
      element.shadowRoot!.querySelector<HTMLInputElement>('input[type="file"]')!,
      new File([pdf as BlobPart], 'report.pdf', { type: 'application/pdf' }),
    );
    await send(element, 'What does the report end with?');
    await expect
      .poll(() => element.shadowRoot!.querySelector('[part~="message-assistant"]')?.textContent, {
        timeout: 40_000,
      })
      .toBe('Read page 2.');
    const page2 = JSON.parse(String(site.lastMessage(1)?.content)) as Record<string, unknown>;
    expect(page2).toMatchObject({ source: 'report.pdf', page: 2, pages: 2 });
    expect(page2.text).toContain('THE END OF THE TASTING REPORT');
    expect(page2.text).not.toContain('Page 1 line 0:');
    expect(String(page2.text).length).toBeLessThanOrEqual(10 * 1024);

    // A reload: a new element on the same databases shows the conversation and can still read the file.
    document.body.innerHTML = html;
    element = document.querySelector('agent-chat')!;
    await element.updateComplete;
    await expect.poll(() => element.shadowRoot!.querySelectorAll('[part~="message-user"]').length).toBe(1);
    await send(element, 'And how does it start?');
    await expect
      .poll(
        () => [...element.shadowRoot!.querySelectorAll('[part~="message-assistant"]')].at(-1)?.textContent,
        {
          timeout: 40_000,
        },
      )
      .toBe('Still here.');
    const page1 = JSON.parse(String(site.lastMessage(3)?.content)) as Record<string, unknown>;
    expect(page1).toMatchObject({ source: 'report.pdf', page: 1, pages: 2 });
    expect(page1.text).toContain('Page 1 line 0: oolong notes of orchid and honey');
  });
});

describe('<agent-chat> image and HTML attachments through core', () => {
  it('sends an attached image to the model as an image part, and reads an attached HTML page as text', async () => {
    // A 1×1 PNG: the smallest real image a vision model would get.
    const png = Uint8Array.from(
      atob(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      ),
      (c) => c.charCodeAt(0),
    );
    const page =
      '<!doctype html><html><head><title>Opening hours</title><style>h1{color:red}</style>' +
      '<script>alert("never read")</script></head><body><h1>Opening hours</h1>' +
      '<p>The shop opens at <b>9:00</b> from Monday to Saturday.</p></body></html>';
    const site = fakeSite({
      turns: [
        { toolCalls: [{ name: 'read_attachment', arguments: { source: 'hours.html' } }] },
        { text: 'A green teapot; the shop opens at 9:00.' },
      ],
    });
    document.body.innerHTML = `<agent-chat id="img-${Date.now()}" proxy-url="http://shop.test" model="gpt-4o-mini" memory="off"></agent-chat>`;
    const element = document.querySelector('agent-chat')!;
    await element.updateComplete;
    await userEvent.upload(element.shadowRoot!.querySelector<HTMLInputElement>('input[type="file"]')!, [
      new File([png], 'teapot.png', { type: 'image/png' }),
      new File([page], 'hours.html', { type: 'text/html' }),
    ]);
    await send(element, 'What is in the photo, and when do you open?');
    await expect
      .poll(() => element.shadowRoot!.querySelector('[part~="message-assistant"]')?.textContent, {
        timeout: 20_000,
      })
      .toContain('opens at 9:00');

    // The image reaches the model as an image_url part beside the text (a data: URL of its bytes).
    const user = (site.modelRequests[0]!.body.messages as Array<{ role: string; content: unknown }>).findLast(
      (m) => m.role === 'user',
    )!;
    expect(user.content).toEqual([
      { type: 'text', text: expect.stringContaining('What is in the photo') },
      { type: 'image_url', image_url: { url: `data:image/png;base64,${btoa(String.fromCharCode(...png))}` } },
    ]);
    // The HTML page went through core's reader: its text, without markup, styles or scripts.
    const read = String(site.lastMessage(1)?.content);
    expect(read).toContain('The shop opens at 9:00 from Monday to Saturday.');
    expect(read).not.toMatch(/<p>|<b>|color:red|never read/);
  });
});
