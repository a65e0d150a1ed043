import { createAgent, memoryStore } from '@agent-chat/core';
import { mockModel } from '@agent-chat/core/test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import '../../agent-chat.js';
import type { AgentChatElement } from '../../element/agent-chat.component.js';
import type { AgentChatFeedbackDetail } from '../../shared/events.js';
import { send } from '../../test/mount.js';

const ANSWER = 'Brew it **cool**:\n\n```js\nbrew({ temp: 75 });\n```\n';

async function mount(markup = '<agent-chat></agent-chat>') {
  document.body.innerHTML = markup;
  const element = document.querySelector('agent-chat')!;
  const store = memoryStore();
  const model = mockModel([{ text: ANSWER }]);
  element.agent = createAgent({ model, store });
  await element.updateComplete;
  return { element, store, model };
}

const part = (element: AgentChatElement, name: string) =>
  element.shadowRoot!.querySelector<HTMLElement>(`[part~="${name}"]`);
const statusText = (element: AgentChatElement) =>
  element.shadowRoot!.querySelector('.answer-actions [role="status"]')?.textContent?.trim();

/** Sends a message and waits for the answer's copy button (its chunk loads after the answer). */
async function answered(element: AgentChatElement) {
  await send(element, 'How do I brew Sencha?');
  await expect.poll(() => part(element, 'copy'), { timeout: 5000 }).not.toBeNull();
}

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
  document.body.replaceChildren();
});

describe('loading', () => {
  it('shows the actions on a page that is never idle (the chunk waits for idle time at most a second)', async () => {
    // A busy page: idle callbacks run only when their timeout says so.
    vi.spyOn(window, 'requestIdleCallback').mockImplementation((task, options) =>
      window.setTimeout(
        () => task({ didTimeout: true, timeRemaining: () => 0 }),
        options?.timeout ?? 2 ** 31 - 1,
      ),
    );
    const { element } = await mount();
    await answered(element);
    expect(part(element, 'feedback-up')).not.toBeNull();
  });
});

describe('copy', () => {
  it('copies the answer as Markdown and a code block as raw code, and says so to screen readers', async () => {
    const { element } = await mount();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    await answered(element);
    part(element, 'copy')!.click();
    await expect.poll(() => statusText(element)).toBe('Copied');
    expect(writeText).toHaveBeenLastCalledWith(ANSWER);
    await expect.poll(() => part(element, 'code-copy')).not.toBeNull();
    part(element, 'code-copy')!.click();
    await expect.poll(() => writeText.mock.calls.length).toBe(2);
    expect(writeText).toHaveBeenLastCalledWith('brew({ temp: 75 });');
  });

  it('shows "Couldn’t copy" when the browser denies the clipboard, without an exception', async () => {
    const { element } = await mount('<agent-chat lang="fr"></agent-chat>');
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(
      new DOMException('Write permission denied.', 'NotAllowedError'),
    );
    const errors: unknown[] = [];
    const onError = (event: PromiseRejectionEvent) => errors.push(event.reason);
    window.addEventListener('unhandledrejection', onError);
    await answered(element);
    expect(part(element, 'copy')!.textContent).toBe('Copier');
    part(element, 'copy')!.click();
    await expect.poll(() => statusText(element)).toBe('Impossible de copier');
    expect(element.shadowRoot!.querySelector('.action-status')!.classList.contains('failed')).toBe(true);
    window.removeEventListener('unhandledrejection', onError);
    expect(errors).toEqual([]);
  });
});

describe('feedback', () => {
  it('thumbs down counts on its click, without the comment: event, stored rating and run-log record at once', async () => {
    const { element, store } = await mount();
    const events: AgentChatFeedbackDetail[] = [];
    element.addEventListener('agent-chat-feedback', (e) => events.push(e.detail));
    await answered(element);
    part(element, 'feedback-down')!.click();
    // Pressed at once; the comment box opens but nobody fills it.
    await expect.poll(() => part(element, 'feedback-down')!.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => events.map((e) => e.rating)).toEqual(['down']);
    expect(events[0]!.comment).toBeUndefined();
    const conversationId = element.conversationId!;
    const messages = await store.load(conversationId);
    expect(messages.find((m) => m.role === 'assistant' && m.feedback)).toMatchObject({
      feedback: { rating: 'down' },
    });
    const log = localStorage.getItem(`agent-chat:run-log:${conversationId}`) ?? '';
    expect(JSON.parse(log).filter((r: { kind: string }) => r.kind === 'feedback')).toMatchObject([
      { rating: 'down', messageId: events[0]!.messageId },
    ]);
    // Closing the box keeps the rating.
    await expect.poll(() => part(element, 'feedback-comment')).not.toBeNull();
    await userEvent.keyboard('{Escape}');
    await expect.poll(() => part(element, 'feedback-comment')).toBeNull();
    expect(part(element, 'feedback-down')!.getAttribute('aria-pressed')).toBe('true');
    expect(events).toHaveLength(1);
  });

  it('a comment sent after the thumbs-down updates the rating: emitted again and kept with the message and in the run log', async () => {
    const { element, store } = await mount();
    const events: AgentChatFeedbackDetail[] = [];
    element.addEventListener('agent-chat-feedback', (e) => events.push(e.detail));
    await answered(element);
    part(element, 'feedback-down')!.click();
    await expect.poll(() => part(element, 'feedback-comment')).not.toBeNull();
    // The comment box takes the focus: type and press the Send button by keyboard.
    await userEvent.keyboard('Too vague');
    part(element, 'feedback-send')!.click();
    await expect.poll(() => events.length).toBe(2);
    expect(events[0]).toMatchObject({ rating: 'down' });
    events.shift();
    const conversationId = element.conversationId!;
    const messages = await store.load(conversationId);
    const position = messages.findIndex((m) => m.role === 'assistant' && m.feedback);
    expect(events[0]).toEqual({
      conversationId,
      messageId: `${conversationId}:${position}`,
      runId: expect.any(String),
      rating: 'down',
      comment: 'Too vague',
    });
    expect(messages[position]).toMatchObject({
      role: 'assistant',
      content: ANSWER,
      feedback: { rating: 'down', comment: 'Too vague', at: expect.any(Number) },
    });
    expect(part(element, 'feedback-down')!.getAttribute('aria-pressed')).toBe('true');
    expect(part(element, 'feedback-comment')).toBeNull();
    const log = localStorage.getItem(`agent-chat:run-log:${conversationId}`) ?? '';
    expect(JSON.parse(log).findLast((r: { kind: string }) => r.kind === 'feedback')).toMatchObject({
      kind: 'feedback',
      messageId: events[0]!.messageId,
      runId: events[0]!.runId,
      rating: 'down',
      comment: 'Too vague',
    });
  });

  it('thumbs up is stored at once; the rating is shown again after the conversation is reopened', async () => {
    const { element, store } = await mount();
    const events: AgentChatFeedbackDetail[] = [];
    element.addEventListener('agent-chat-feedback', (e) => events.push(e.detail));
    await answered(element);
    part(element, 'feedback-up')!.click();
    await expect.poll(() => events.map((e) => e.rating)).toEqual(['up']);
    const id = element.conversationId!;
    document.body.replaceChildren();
    // A new element on the same store shows the stored rating.
    document.body.innerHTML = '<agent-chat></agent-chat>';
    const again = document.querySelector('agent-chat')!;
    again.agent = createAgent({ model: mockModel([{ text: 'x' }]), store });
    again.conversationId = id;
    await expect
      .poll(() => part(again, 'feedback-up')?.getAttribute('aria-pressed'), { timeout: 5000 })
      .toBe('true');
  });

  it('ignores feedback on an answer that no longer exists, with a warning', async () => {
    const { element, store } = await mount();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const events: AgentChatFeedbackDetail[] = [];
    element.addEventListener('agent-chat-feedback', (e) => events.push(e.detail));
    await answered(element);
    await store.delete(element.conversationId!);
    part(element, 'feedback-up')!.click();
    await expect.poll(() => warn.mock.calls.length).toBe(1);
    expect(String(warn.mock.calls[0]![0])).toContain('no longer exists');
    expect(events).toEqual([]);
  });

  it('feedback="off" shows no thumbs, copy stays', async () => {
    const { element } = await mount('<agent-chat feedback="off"></agent-chat>');
    await answered(element);
    expect(part(element, 'feedback-up')).toBeNull();
    expect(part(element, 'feedback-down')).toBeNull();
  });
});

describe('regenerate', () => {
  for (const markup of ['<agent-chat></agent-chat>', '<agent-chat feedback="off"></agent-chat>'])
    it(`shows one Regenerate under an answer, not a second row below it (${markup})`, async () => {
      const { element } = await mount(markup);
      await answered(element);
      const buttons = () =>
        [...element.shadowRoot!.querySelectorAll('button')].filter(
          (b) => b.textContent?.trim() === 'Regenerate',
        );
      await expect.poll(() => buttons().length).toBe(1);
      expect(buttons()[0]!.closest('.answer-actions')).not.toBeNull();
      expect(buttons()[0]!.getAttribute('part')).toBe('regenerate-answer regenerate');
      expect(part(element, 'edit')).toBeNull();
      expect(element.shadowRoot!.querySelector('.redo')).toBeNull();
    });
});
