import { createAgent, defineTool } from '@agent-chat/core';
import { mockModel } from '@agent-chat/core/test';
import { describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import '../agent-chat.js';
import { mount, part, parts } from '../test/mount.js';
import type { AgentChatElement } from './agent-chat.component.js';

function textarea(element: AgentChatElement): HTMLTextAreaElement {
  return element.shadowRoot!.querySelector('textarea')!;
}

/** Types into the element's text box like a user: focus, then real key presses. */
async function type(element: AgentChatElement, keys: string): Promise<void> {
  textarea(element).focus();
  await userEvent.keyboard(keys);
}

function deferred<T = void>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** The element's own text, without that of child elements such as the "(stopped)" mark. */
const ownText = (element: HTMLElement) =>
  [...element.childNodes]
    .filter((node) => node.nodeType === Node.TEXT_NODE)
    .map((node) => node.textContent)
    .join('');

const texts = (elements: HTMLElement[]) => elements.map((e) => e.textContent?.trim());

describe('<agent-chat>', () => {
  it('is an accessible chat: a polite live log, a labelled text box and a send button', async () => {
    const element = await mount((e) => {
      e.agent = createAgent({ model: mockModel([{ text: 'hi' }]) });
    });
    const log = part(element, 'log')!;
    expect(log.getAttribute('role')).toBe('log');
    expect(log.getAttribute('aria-live')).toBe('polite');
    const box = textarea(element);
    expect(box.labels?.[0]?.textContent?.trim()).toBe('Message');
    expect(part(element, 'input')).toBe(box);
    expect(part(element, 'send')?.textContent?.trim()).toBe('Send');
    expect(part(element, 'notice')).toBeNull();
  });

  it('streams the answer into the log chunk by chunk', async () => {
    const answer = 'Streaming works, chunk by chunk.';
    const element = await mount((e) => {
      e.agent = createAgent({ model: mockModel([{ text: answer, chunkSize: 5, delayMs: 10 }]) });
    });
    const seen: string[] = [];
    const observer = new MutationObserver(() => {
      const text = part(element, 'message-assistant')?.textContent;
      if (text && seen.at(-1) !== text) seen.push(text);
    });
    observer.observe(element.shadowRoot!, { subtree: true, childList: true, characterData: true });

    await type(element, 'Hello{Enter}');
    await expect.poll(() => texts(parts(element, 'message-user'))).toEqual(['Hello']);
    await expect.poll(() => part(element, 'message-assistant')?.textContent).toBe(answer);
    observer.disconnect();

    // Shown as it arrives (at most once per frame): growing prefixes of the answer, then the whole of it.
    expect(seen.length).toBeGreaterThanOrEqual(3);
    for (const [i, text] of seen.entries()) {
      expect(answer.startsWith(text)).toBe(true);
      if (i > 0) expect(text.length).toBeGreaterThan(seen[i - 1]!.length);
    }
    await expect.poll(() => part(element, 'stop')).toBeNull();
    expect(textarea(element).value).toBe('');
  });

  it('shows a tool call as a stage that is running until the tool returns, then done', async () => {
    const lookup = deferred<{ temperature: number }>();
    const model = mockModel([
      { toolCalls: [{ name: 'get_weather', arguments: { city: 'Paris' } }] },
      { text: 'It is 21°C in Paris.' },
    ]);
    const weather = defineTool({
      name: 'get_weather',
      description: 'Current weather for a city.',
      parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
      execute: () => lookup.promise,
    });
    const element = await mount((e) => {
      e.agent = createAgent({ model, tools: [weather] });
    });

    await type(element, 'Weather in Paris?{Enter}');
    await expect.poll(() => part(element, 'stage')?.dataset.status).toBe('running');
    // The stage shows "Using X" at once; its full view (arguments, status) comes with its chunk.
    expect(part(element, 'stage')!.querySelector('.stage-title')?.textContent).toBe('Using get_weather');
    await expect.poll(() => part(element, 'stage')?.querySelector('.stage-args')).not.toBeNull();
    const stage = part(element, 'stage') as HTMLDetailsElement;
    expect(stage.querySelector('.stage-title')?.textContent).toBe('Using get_weather');
    expect(JSON.parse(stage.querySelector('.stage-args')?.textContent ?? '')).toEqual({ city: 'Paris' });
    expect(stage.querySelector('.stage-status')?.textContent).toBe('running');
    expect(stage.open).toBe(true);
    expect(part(element, 'stop')).not.toBeNull();

    lookup.resolve({ temperature: 21 });
    await expect.poll(() => part(element, 'stage')?.dataset.status).toBe('done');
    expect(stage.querySelector('.stage-title')?.textContent).toBe('Used get_weather');
    expect(stage.querySelector('.stage-status')?.textContent).toBe('done');
    expect(stage.querySelector('.stage-duration')?.textContent).toMatch(/\d+ ms|\d\.\d s/);
    expect(stage.querySelector('.stage-result')?.textContent).toBe('{"temperature":21}');
    // Done stages collapse so the answer stays in view.
    expect(stage.open).toBe(false);
    await expect.poll(() => part(element, 'message-assistant')?.textContent).toBe('It is 21°C in Paris.');
  });

  it('marks a failing tool as failed with its error, and the run goes on', async () => {
    const model = mockModel([
      { toolCalls: [{ name: 'get_weather', arguments: { city: 'Oslo' } }] },
      { text: 'The weather service is down, sorry.' },
    ]);
    const element = await mount((e) => {
      e.agent = createAgent({
        model,
        tools: [
          defineTool({
            name: 'get_weather',
            description: 'Current weather for a city.',
            parameters: { type: 'object', properties: { city: { type: 'string' } } },
            execute: () => {
              throw new Error('weather service unavailable');
            },
          }),
        ],
      });
    });

    await type(element, 'Weather in Oslo?{Enter}');
    await expect.poll(() => part(element, 'stage')?.dataset.status).toBe('failed');
    expect(part(element, 'stage')?.querySelector('.stage-error')?.textContent).toBe(
      'weather service unavailable',
    );
    await expect
      .poll(() => part(element, 'message-assistant')?.textContent)
      .toBe('The weather service is down, sorry.');
    expect(part(element, 'error')).toBeNull();
  });

  it('sends on Enter, while Shift+Enter inserts a new line', async () => {
    const model = mockModel([{ text: 'Got both lines.' }]);
    const element = await mount((e) => {
      e.agent = createAgent({ model });
    });

    await type(element, 'line one{Shift>}{Enter}{/Shift}line two');
    expect(textarea(element).value).toBe('line one\nline two');
    expect(model.requests).toHaveLength(0);
    expect(parts(element, 'message-user')).toHaveLength(0);

    await userEvent.keyboard('{Enter}');
    await expect.poll(() => model.requests.length).toBe(1);
    expect(model.requests[0]?.messages.at(-1)).toEqual({ role: 'user', content: 'line one\nline two' });
    await expect.poll(() => texts(parts(element, 'message-user'))).toEqual(['line one\nline two']);
    expect(textarea(element).value).toBe('');
  });

  it('sends with the send button too', async () => {
    const model = mockModel([{ text: 'Clicked.' }]);
    const element = await mount((e) => {
      e.agent = createAgent({ model });
    });
    await type(element, 'By button');
    await userEvent.click(part(element, 'send')!);
    await expect.poll(() => part(element, 'message-assistant')?.textContent).toBe('Clicked.');
  });

  it('stops a streaming answer: the partial text stays, marked, and the chat is idle again', async () => {
    const answer = 'This answer is long and streams slowly, so it can be stopped halfway through.';
    const element = await mount((e) => {
      e.agent = createAgent({ model: mockModel([{ text: answer, chunkSize: 3, delayMs: 60 }]) });
    });

    await type(element, 'Tell me a story{Enter}');
    await expect.poll(() => part(element, 'message-assistant')?.textContent?.length ?? 0).toBeGreaterThan(5);
    expect((part(element, 'send') as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(part(element, 'stop')!);

    await expect.poll(() => part(element, 'stop')).toBeNull();
    expect((part(element, 'send') as HTMLButtonElement).disabled).toBe(false);
    const assistant = part(element, 'message-assistant')!;
    expect(assistant.querySelector('.stopped')?.textContent).toBe('(stopped)');
    const partial = ownText(assistant);
    expect(answer.startsWith(partial)).toBe(true);
    expect(partial.length).toBeLessThan(answer.length);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(ownText(assistant)).toBe(partial);
    expect(part(element, 'error')).toBeNull();
  });

  it('continues one conversation across messages', async () => {
    const model = mockModel([{ text: 'Nice to meet you, Ada.' }, { text: 'Your name is Ada.' }]);
    const element = await mount((e) => {
      e.agent = createAgent({ model });
    });

    await type(element, 'My name is Ada.{Enter}');
    await expect.poll(() => part(element, 'message-assistant')?.textContent).toBe('Nice to meet you, Ada.');
    const conversationId = element.conversationId;
    expect(conversationId).toBeTruthy();

    await type(element, 'What is my name?{Enter}');
    await expect.poll(() => model.requests.length).toBe(2);
    expect(model.requests[1]?.messages.map((m) => m.content)).toEqual([
      'My name is Ada.',
      'Nice to meet you, Ada.',
      'What is my name?',
    ]);
    await expect
      .poll(() => texts(parts(element, 'message-assistant')))
      .toEqual(['Nice to meet you, Ada.', 'Your name is Ada.']);
    expect(element.conversationId).toBe(conversationId);
  });

  it('keeps stages of different runs apart even when the provider reuses tool call ids', async () => {
    const model = mockModel([
      { toolCalls: [{ id: 'call_0', name: 'ping', arguments: {} }] },
      { text: 'pong 1' },
      { toolCalls: [{ id: 'call_0', name: 'ping', arguments: {} }] },
      { text: 'pong 2' },
    ]);
    const gate = deferred();
    let calls = 0;
    const ping = defineTool({
      name: 'ping',
      description: 'Ping.',
      parameters: { type: 'object', properties: {} },
      execute: () => (++calls === 2 ? gate.promise.then(() => 'pong') : 'pong'),
    });
    const element = await mount((e) => {
      e.agent = createAgent({ model, tools: [ping] });
    });

    await type(element, 'first{Enter}');
    await expect.poll(() => part(element, 'stop')).toBeNull();
    await type(element, 'second{Enter}');
    await expect
      .poll(() => parts(element, 'stage').map((s) => s.dataset.status))
      .toEqual(['done', 'running']);
    gate.resolve();
    await expect.poll(() => parts(element, 'stage').map((s) => s.dataset.status)).toEqual(['done', 'done']);
  });

  it('explains how to configure it when it has neither proxy-url nor .agent, and keeps the typed text', async () => {
    const element = await mount();
    const notice = part(element, 'notice');
    expect(notice?.textContent).toContain('proxy-url');
    expect(notice?.textContent).toContain('model');
    expect(notice?.textContent).toContain('.agent');

    await type(element, 'Hello?{Enter}');
    await expect.poll(() => part(element, 'error')?.textContent).toContain('proxy-url');
    expect(part(element, 'error')?.getAttribute('role')).toBe('alert');
    expect(textarea(element).value).toBe('Hello?');
    expect(parts(element, 'message-user')).toHaveLength(0);

    element.agent = createAgent({ model: mockModel([{ text: 'Configured now.' }]) });
    await element.updateComplete;
    expect(part(element, 'notice')).toBeNull();
    await userEvent.keyboard('{Enter}');
    await expect.poll(() => part(element, 'message-assistant')?.textContent).toBe('Configured now.');
    expect(part(element, 'error')).toBeNull();
  });

  it('says that the model attribute is missing when only proxy-url is set', async () => {
    const element = await mount((e) => {
      e.setAttribute('proxy-url', 'http://127.0.0.1:8787');
    });
    expect(part(element, 'notice')).toBeNull();
    await type(element, 'Hi{Enter}');
    await expect.poll(() => part(element, 'error')?.textContent).toContain('model attribute is required');
    expect(textarea(element).value).toBe('Hi');
  });

  it('gives the text back when the agent fails before the run starts', async () => {
    const element = await mount((e) => {
      e.agent = {
        ...createAgent({ model: mockModel([{ text: 'unused' }]) }),
        // biome-ignore lint/correctness/useYield: an agent that fails before its first event.
        async *run() {
          throw new Error('The conversation store is not available.');
        },
      };
    });
    await type(element, 'Keep me{Enter}');
    await expect
      .poll(() => part(element, 'error')?.textContent)
      .toBe('The conversation store is not available.');
    expect(textarea(element).value).toBe('Keep me');
    expect(parts(element, 'message-user')).toHaveLength(0);
  });

  it('shows an error the run reports in an alert, without losing the conversation', async () => {
    const model = mockModel([
      () => {
        throw new Error('The model provider failed (HTTP 500): try again shortly.');
      },
    ]);
    const element = await mount((e) => {
      e.agent = createAgent({ model });
    });
    await type(element, 'Hi{Enter}');
    await expect
      .poll(() => part(element, 'error')?.textContent)
      .toBe('The model provider failed (HTTP 500): try again shortly.');
    expect(texts(parts(element, 'message-user'))).toEqual(['Hi']);
    await expect.poll(() => part(element, 'stop')).toBeNull();
  });
});
