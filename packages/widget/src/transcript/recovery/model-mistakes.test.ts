import { createAgent, defineTool, memoryStore, openAICompatible } from '@agent-chat/core';
import { openAIStreamEvents, type ScriptedTurn } from '@agent-chat/core/test';
import { afterEach, describe, expect, it } from 'vitest';
import '../../agent-chat.js';
import { send } from '../../test/mount.js';

afterEach(() => document.body.replaceChildren());

const encoder = new TextEncoder();
const PARTIAL = 'Let me check the opening hours of the museum';
const ANSWER = 'The museum opens at nine and closes at five.';

/**
 * A provider `fetch` playing one real OpenAI wire stream per call. A turn with `cutAfterEvents` sends those
 * events, waits for `release`, then ends the body without a finish reason or `[DONE]`: a connection cut
 * mid-answer, after the widget has shown the partial text.
 */
function providerFetch(turns: ScriptedTurn[], release?: Promise<void>): typeof fetch & { calls: number } {
  const doFetch = async () => {
    const turn = turns[Math.min(doFetch.calls++, turns.length - 1)]!;
    const events = openAIStreamEvents(turn);
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        for (const event of events) controller.enqueue(encoder.encode(event));
        if (turn.cutAfterEvents !== undefined) await release;
        controller.close();
      },
    });
    return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
  };
  doFetch.calls = 0;
  return doFetch as typeof fetch & { calls: number };
}

async function mount(doFetch: typeof fetch, tools = [] as ReturnType<typeof defineTool>[]) {
  const model = openAICompatible({ baseURL: 'http://model.test/v1', model: 'small-model', fetch: doFetch });
  const element = document.createElement('agent-chat');
  element.agent = createAgent({ model, tools, store: memoryStore() });
  document.body.append(element);
  await element.updateComplete;
  const root = element.shadowRoot!;
  const answers = () =>
    [...root.querySelectorAll('[part~="message-assistant"]')].map((m) => m.textContent?.trim() ?? '');
  return { element, root, answers };
}

describe('<agent-chat> and a small model’s mistakes', () => {
  it('replaces an answer whose stream was cut by the retried answer, leaving no partial text', async () => {
    let release!: () => void;
    const cut = new Promise<void>((resolve) => {
      release = resolve;
    });
    // Events: the role chunk, then the partial text in pieces of 8 characters.
    const doFetch = providerFetch([{ text: `${PARTIAL} today.`, cutAfterEvents: 7 }, { text: ANSWER }], cut);
    const { element, root, answers } = await mount(doFetch);
    await send(element, 'When is the museum open?');
    // The partial text is on screen before the connection drops…
    await expect.poll(() => answers().join('')).toContain('Let me check the op');
    release();
    // …and gives way to the retried answer: one answer, the retry's, nothing of the cut one left.
    await expect.poll(() => answers()).toEqual([ANSWER]);
    await expect
      .poll(() => element.hasAttribute('running') || root.querySelector('[part~="stop"]') !== null)
      .toBe(false);
    expect(root.textContent).not.toContain('Let me check');
    expect(root.querySelector('[part="error"]')).toBeNull();
    expect(doFetch.calls).toBe(2);
  });

  it('marks a partial answer as interrupted when the retry is cut too, with Regenerate to try again', async () => {
    const doFetch = providerFetch([{ text: `${PARTIAL} today.`, cutAfterEvents: 7 }], Promise.resolve());
    const { element, root, answers } = await mount(doFetch);
    await send(element, 'When is the museum open?');
    await expect.poll(() => root.querySelector('[part="interrupted"]')?.textContent).toMatch(/interrupted/);
    expect(answers()).toHaveLength(1);
    expect(root.querySelector('[part="error"]')?.textContent).toMatch(/cut before the answer was complete/);
    // Regenerate comes with the answers' actions, a chunk loaded once an answer has finished.
    await expect.poll(() => root.querySelector('[part~="regenerate"]')).not.toBeNull();
    expect(doFetch.calls).toBe(2);
  });

  it('runs a tool call the model wrote as text as a stage, and never shows the JSON', async () => {
    const add = defineTool({
      name: 'add',
      description: 'Adds two numbers.',
      parameters: {
        type: 'object',
        properties: { a: { type: 'number' }, b: { type: 'number' } },
        required: ['a', 'b'],
      },
      execute: ({ a, b }: { a: number; b: number }) => ({ sum: a + b }),
    });
    const doFetch = providerFetch([
      { text: '<tool_call>\n{"name": "add", "arguments": {"a": 2, "b": 3}}\n</tool_call>' },
      { text: '2 + 3 = 5.' },
    ]);
    const { element, root, answers } = await mount(doFetch, [add]);
    await send(element, 'What is 2 + 3?');
    await expect.poll(() => answers()).toEqual(['2 + 3 = 5.']);
    // Stage views are a lazy chunk: the stage renders a moment after its item.
    await expect
      .poll(() => root.querySelector<HTMLElement>('[part~="stage"][data-tool="add"]')?.dataset.status)
      .toBe('done');
    expect(root.querySelectorAll('[part~="stage"]')).toHaveLength(1);
    expect(root.querySelector('[part~="log"]')?.textContent).not.toContain('tool_call');
    expect(root.querySelector('[part~="log"]')?.textContent).not.toContain('"arguments"');
  });
});
