import { describe, expect, it } from 'vitest';
import '../agent-chat.js';
import type { AgentChatElement } from '../element/agent-chat.component.js';
import { fakeSite } from '../test/fake-site.js';
import { mount, send } from '../test/mount.js';

const SITE = 'http://shop.test';

/** An element with one page tool, `reflect` or not; resolves with it and its run-finish statuses. */
async function mountReflect(reflect: boolean) {
  const element = await mount(
    `<agent-chat id="reflect-${Date.now()}" proxy-url="${SITE}" model="gpt-4o-mini" memory="off" ${reflect ? 'reflect' : ''}></agent-chat>`,
  );
  element.tools = [
    {
      name: 'get_price',
      description: 'The price of a tea.',
      parameters: { type: 'object', properties: { tea: { type: 'string' } }, required: ['tea'] },
      execute: async () => ({ error: 'the price list is offline' }),
    },
  ];
  const finished: string[] = [];
  element.addEventListener('agent-chat-run-finish', (event) => finished.push(event.detail.status));
  return { element, finished };
}
const answer = (element: AgentChatElement) =>
  element.shadowRoot!.querySelector('[part~="message-assistant"]')?.textContent;
const systemText = (request: { body: Record<string, unknown> }) =>
  (request.body.messages as Array<{ role: string; content: unknown }>)
    .filter((m) => m.role === 'system')
    .map((m) => String(m.content))
    .join('\n');

describe('<agent-chat reflect>', () => {
  it('rates the tool results before answering, and a blocked verdict makes the model say what is missing', async () => {
    const site = fakeSite({
      turns: [
        { toolCalls: [{ name: 'get_price', arguments: { tea: 'sencha' } }] },
        { text: '{"verdict":"blocked","reason":"The price list is offline."}' },
        { text: 'Sorry, I cannot see prices right now: the price list is offline.' },
      ],
    });
    const { element, finished } = await mountReflect(true);
    await send(element, 'How much is sencha?');
    await expect.poll(() => answer(element), { timeout: 10_000 }).toContain('cannot see prices');

    expect(site.modelRequests).toHaveLength(3);
    // The second call is the reflection: it reviews the conversation, tool result included.
    const reflection = site.modelRequests[1]!;
    expect(systemText(reflection)).toContain("You review an assistant's progress");
    expect(JSON.stringify(reflection.body.messages)).toContain('the price list is offline');
    // The answer call carries the verdict's note and offers no tools.
    const last = site.modelRequests[2]!;
    expect(JSON.stringify(last.body.messages)).toContain(
      'You cannot complete the request: The price list is offline.',
    );
    expect(last.body.tools).toBeUndefined();
    await expect.poll(() => finished).toEqual(['blocked']);
  });

  it('without reflect, the model answers right after the tool result', async () => {
    const site = fakeSite({
      turns: [
        { toolCalls: [{ name: 'get_price', arguments: { tea: 'sencha' } }] },
        { text: 'The price list is offline.' },
      ],
    });
    const { element, finished } = await mountReflect(false);
    await send(element, 'How much is sencha?');
    await expect.poll(() => answer(element), { timeout: 10_000 }).toBe('The price list is offline.');
    expect(site.modelRequests).toHaveLength(2);
    expect(site.modelRequests.map(systemText).join('\n')).not.toContain('You review');
    await expect.poll(() => finished).toEqual(['completed']);
  });
});
