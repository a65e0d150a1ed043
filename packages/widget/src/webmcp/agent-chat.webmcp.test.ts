import { afterEach, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import '../agent-chat.js';
import type { AgentChatElement } from '../element/agent-chat.component.js';
import { fakeSite } from '../test/fake-site.js';
import { mount, send } from '../test/mount.js';
import type { ModelContext } from './webmcp.js';

const SITE = 'http://shop.test';
const modelContext = () => (document as Document & { modelContext: ModelContext }).modelContext;

const mountSiteChat = () =>
  mount({
    attributes: { id: `webmcp-${Date.now()}`, 'proxy-url': SITE, model: 'gpt-4o-mini', memory: 'off' },
  });
const lastAnswer = (element: AgentChatElement) =>
  [...element.shadowRoot!.querySelectorAll('[part~="message-assistant"]')].at(-1)?.textContent;

afterEach(() => {
  modelContext()?.clearContext?.();
});

describe('<agent-chat> page tools through WebMCP', () => {
  it('gives the page document.modelContext; registered tools reach the model live, read-only ones without approval', async () => {
    const site = fakeSite({
      turns: [
        { toolCalls: [{ name: 'find_tea', arguments: { query: 'smoky' } }] },
        { text: 'Lapsang Souchong is smoky.' },
        { text: 'No tools now.' },
      ],
    });
    const element = await mountSiteChat();
    expect(typeof modelContext().registerTool).toBe('function');
    expect((navigator as Navigator & { modelContext?: unknown }).modelContext).toBe(modelContext());
    const execute = vi.fn(async ({ query }: Record<string, unknown>) => ({
      content: [{ type: 'text', text: `Found for ${query}: Lapsang Souchong` }],
    }));
    modelContext().registerTool({
      name: 'find_tea',
      description: 'Finds teas in the shop by taste.',
      inputSchema: { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] },
      annotations: { readOnlyHint: true },
      execute,
    });
    await send(element, 'Something smoky?');
    await expect.poll(() => lastAnswer(element), { timeout: 10_000 }).toContain('smoky');
    expect(site.toolNames(0)).toEqual(['find_tea']);
    expect(execute).toHaveBeenCalledWith({ query: 'smoky' }, expect.anything());
    expect(site.lastMessage(1)?.content).toBe('Found for smoky: Lapsang Souchong');
    expect(element.shadowRoot!.querySelector('[part~="approval"]')).toBeNull();

    modelContext().unregisterTool('find_tea');
    await send(element, 'And now?');
    await expect.poll(() => lastAnswer(element), { timeout: 10_000 }).toContain('No tools now');
    expect(site.toolNames(2)).toEqual([]);
  });

  it('asks for approval before a tool not marked readOnlyHint runs', async () => {
    const site = fakeSite({
      turns: [
        { toolCalls: [{ name: 'add_to_cart', arguments: { tea: 'sencha', quantity: 2 } }] },
        { text: 'Added.' },
      ],
    });
    const element = await mountSiteChat();
    const execute = vi.fn(() => 'Cart: 2 × sencha');
    modelContext().registerTool({
      name: 'add_to_cart',
      description: 'Adds a tea to the cart.',
      inputSchema: {
        type: 'object',
        properties: { tea: { type: 'string' }, quantity: { type: 'number' } },
        required: ['tea'],
      },
      execute,
    });
    await send(element, 'Two sencha please');
    const approve = () => element.shadowRoot!.querySelector<HTMLElement>('[part~="approve"]');
    await expect.poll(approve, { timeout: 10_000 }).not.toBeNull();
    expect(execute).not.toHaveBeenCalled();
    await userEvent.click(approve()!);
    await expect.poll(() => lastAnswer(element), { timeout: 10_000 }).toBe('Added.');
    expect(execute).toHaveBeenCalledOnce();
    expect(site.lastMessage(1)?.content).toBe('Cart: 2 × sencha');
  });

  it('skips a tool with an invalid input schema, with a console warning naming it', async () => {
    const site = fakeSite({ turns: [{ text: 'ok' }] });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const element = await mountSiteChat();
    modelContext().registerTool({
      name: 'broken_tool',
      description: 'Has a bad schema.',
      inputSchema: { type: 'string' },
      execute: () => 'never',
    });
    modelContext().registerTool({
      name: 'good_tool',
      description: 'Works.',
      inputSchema: { type: 'object', properties: {} },
      annotations: { readOnlyHint: true },
      execute: () => 'fine',
    });
    await send(element, 'hi');
    await expect.poll(() => lastAnswer(element), { timeout: 10_000 }).toBe('ok');
    expect(site.toolNames(0)).toEqual(['good_tool']);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('WebMCP tool "broken_tool" is skipped'));
    expect(warn.mock.calls.flat().join(' ')).toContain('type "object"');
  });

  it('turns a <form toolname> into a tool: filled and submitted after approval', async () => {
    const site = fakeSite({
      turns: [
        { toolCalls: [{ name: 'book_tasting', arguments: { name: 'Ana', guests: 3, slot: 'evening' } }] },
        { text: 'Booked.' },
      ],
      routes: {
        [`${SITE}/tastings`]: (request) => new Response(`Booked: ${request.body}`, { status: 200 }),
      },
    });
    document.body.insertAdjacentHTML(
      'beforeend',
      `<form toolname="book_tasting" tooldescription="Books a tea tasting." action="${SITE}/tastings" method="post">
        <label>Your name <input name="name" required toolparamdescription="Name of the guest"></label>
        <input name="guests" type="number">
        <select name="slot"><option value="morning">Morning</option><option value="evening">Evening</option></select>
      </form>`,
    );
    const element = await mountSiteChat();
    await send(element, 'Book a tasting for Ana, 3 guests, evening');
    const approve = () => element.shadowRoot!.querySelector<HTMLElement>('[part~="approve"]');
    await expect.poll(approve, { timeout: 10_000 }).not.toBeNull();
    const tool = (
      site.modelRequests[0]!.body.tools as Array<{ function: { name: string; parameters: unknown } }>
    )[0]!;
    expect(tool.function.name).toBe('book_tasting');
    expect(tool.function.parameters).toMatchObject({
      properties: {
        name: { type: 'string', description: 'Name of the guest' },
        guests: { type: 'number' },
        slot: { type: 'string', enum: ['morning', 'evening'] },
      },
      required: ['name'],
    });
    await userEvent.click(approve()!);
    await expect.poll(() => lastAnswer(element), { timeout: 10_000 }).toBe('Booked.');
    expect(document.querySelector<HTMLInputElement>('input[name="name"]')!.value).toBe('Ana');
    expect(site.lastMessage(1)?.content).toBe('Booked: name=Ana&guests=3&slot=evening');
  });
});
