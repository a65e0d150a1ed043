// Its own file: the Markdown engine is a module-level singleton, and here it must not be loaded yet.
import { expect, it } from 'vitest';
import '../agent-chat.js';
import { markdownEngine } from '../markdown/markdown.js';
import { fakeAgent } from '../test/fake-agent.js';
import type { AgentChatElement } from './agent-chat.component.js';

/** Resolves when `check()` holds, polling every 20 ms for at most `ms`. */
async function until(check: () => boolean, ms: number): Promise<boolean> {
  for (let waited = 0; waited < ms && !check(); waited += 20) await new Promise((r) => setTimeout(r, 20));
  return check();
}

it('loads the Markdown engine when a message is sent, so the first token of the answer renders as Markdown', async () => {
  expect(markdownEngine()).toBeUndefined();
  let readyBeforeFirstToken = false;
  const element = document.createElement('agent-chat') as AgentChatElement;
  element.agent = fakeAgent([
    () => [
      // The model "thinks" here; nothing has been rendered as Markdown yet.
      {
        until: async () => {
          readyBeforeFirstToken = await until(() => markdownEngine() !== undefined, 5_000);
        },
      },
      { type: 'response.chunk', turn: 1, text: '**Hello** there' },
      { until: () => new Promise((r) => setTimeout(r, 50)) },
    ],
  ]);
  document.body.append(element);
  await element.updateComplete;
  const box = element.shadowRoot!.querySelector('textarea')!;
  box.value = 'Hi';
  box.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, composed: true }));
  const answer = () => element.shadowRoot!.querySelector('[part~="message-assistant"] strong');
  expect(await until(() => answer() !== null, 5_000)).toBe(true);
  expect(readyBeforeFirstToken).toBe(true);
  expect(answer()!.textContent).toBe('Hello');
});

it('downloads the code highlighter only when an answer opens a fence that names a language', async () => {
  // Vite serves each source module as its own request: room for more than the default 250 entries.
  performance.setResourceTimingBufferSize(5_000);
  const fetched = () =>
    performance.getEntriesByType('resource').some((entry) => /\/highlighter\.ts\b/.test(entry.name));
  const element = document.createElement('agent-chat') as AgentChatElement;
  element.agent = fakeAgent([
    () => [
      { type: 'response.chunk', turn: 1, text: 'Plain **answer**, no code.\n\n```\nplain fence\n```\n' },
    ],
    () => [{ type: 'response.chunk', turn: 1, text: 'Here:\n\n```ts\nconst tea = "sencha";\n```\n' }],
  ]);
  document.body.append(element);
  await element.updateComplete;
  const ask = async (text: string) => {
    const box = element.shadowRoot!.querySelector('textarea')!;
    box.value = text;
    box.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, composed: true }));
  };
  await ask('Hi');
  expect(
    await until(() => element.shadowRoot!.querySelector('[part~="message-assistant"] pre') !== null, 5_000),
  ).toBe(true);
  await new Promise((r) => setTimeout(r, 200));
  expect(fetched()).toBe(false);
  await until(() => element.shadowRoot!.querySelector('textarea')?.disabled === false, 5_000);
  await ask('Code please');
  expect(await until(() => element.shadowRoot!.querySelector('.shj-syn-kwd') !== null, 5_000)).toBe(true);
  expect(fetched()).toBe(true);
});
