import { createAgent } from '@agent-chat/core';
import { mockModel, openAIStreamEvents, type ScriptedTurn } from '@agent-chat/core/test';
import { describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import '../agent-chat.js';
import { mount, part, send } from '../test/mount.js';

/** Stands in for the agent-chat proxy: answers each chat completion with the next scripted SSE stream. */
function fakeProxy(turns: ScriptedTurn[]) {
  const requests: Array<{ url: string; body: Record<string, unknown> }> = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    requests.push({ url: String(input), body: JSON.parse(String(init?.body)) });
    const turn = turns[Math.min(requests.length - 1, turns.length - 1)]!;
    return new Response(openAIStreamEvents(turn).join(''), {
      headers: { 'content-type': 'text/event-stream' },
    });
  });
  vi.stubGlobal('fetch', fetch);
  return { requests, fetch };
}

describe('<agent-chat> configured by attributes', () => {
  it('talks to <proxy-url>/v1 with the model, system prompt and page tools given as plain objects', async () => {
    const proxy = fakeProxy([
      { toolCalls: [{ name: 'get_cart', arguments: { currency: 'EUR' } }] },
      { text: 'Your cart holds 2 items.' },
    ]);
    const element = await mount(
      '<agent-chat proxy-url="http://proxy.test/" model="gpt-4o-mini" system-prompt="You are a shop assistant."></agent-chat>',
    );
    const execute = vi.fn(async ({ currency }: { currency: string }) => ({ items: 2, currency }));
    element.tools = [
      {
        name: 'get_cart',
        description: 'The contents of the shopping cart.',
        parameters: { type: 'object', properties: { currency: { type: 'string' } }, required: ['currency'] },
        execute,
      },
    ];

    await send(element, 'What is in my cart?');
    await expect.poll(() => part(element, 'message-assistant')?.textContent).toBe('Your cart holds 2 items.');
    // The stage's view is a lazy chunk: it may arrive a moment after the answer on a busy machine.
    await expect.poll(() => part(element, 'stage')?.dataset.status).toBe('done');
    expect(execute).toHaveBeenCalledWith(
      { currency: 'EUR' },
      expect.objectContaining({ toolCallId: expect.any(String) }),
    );

    expect(proxy.requests.map((r) => r.url)).toEqual([
      'http://proxy.test/v1/chat/completions',
      'http://proxy.test/v1/chat/completions',
    ]);
    const first = proxy.requests[0]!.body;
    expect(first.model).toBe('gpt-4o-mini');
    expect((first.messages as Array<{ role: string; content: string }>)[0]).toEqual({
      role: 'system',
      content: 'You are a shop assistant.',
    });
    // Dual-track memory is on by default: the model can look up the full text of earlier turns.
    expect((first.tools as Array<{ function: { name: string } }>).map((t) => t.function.name)).toEqual([
      'get_cart',
      'retrieve_full_context',
    ]);
  });

  it('rebuilds the agent when an attribute changes, keeping the conversation', async () => {
    const proxy = fakeProxy([{ text: 'First answer.' }, { text: 'Second answer.' }]);
    const element = await mount(
      '<agent-chat proxy-url="http://proxy.test" model="small-model" memory="off"></agent-chat>',
    );

    await send(element, 'First question');
    await expect.poll(() => proxy.requests.length).toBe(1);
    await expect.poll(() => part(element, 'stop')).toBeNull();
    element.setAttribute('model', 'big-model');
    await send(element, 'Second question');
    await expect.poll(() => proxy.requests.length).toBe(2);

    const second = proxy.requests[1]!.body;
    expect(second.model).toBe('big-model');
    expect((second.messages as Array<{ content: string }>).map((m) => m.content)).toEqual([
      'First question',
      'First answer.',
      'Second question',
    ]);
  });

  it('uses the .agent property over the attributes', async () => {
    const proxy = fakeProxy([{ text: 'from the proxy' }]);
    const element = await mount(
      '<agent-chat proxy-url="http://proxy.test" model="gpt-4o-mini"></agent-chat>',
    );
    element.agent = createAgent({ model: mockModel([{ text: 'from .agent' }]) });

    await send(element, 'Who answers?');
    await expect.poll(() => part(element, 'message-assistant')?.textContent).toBe('from .agent');
    expect(proxy.fetch).not.toHaveBeenCalled();
  });

  it('shows an invalid page tool as an error and keeps the message', async () => {
    fakeProxy([{ text: 'unused' }]);
    const element = await mount(
      '<agent-chat proxy-url="http://proxy.test" model="gpt-4o-mini"></agent-chat>',
    );
    element.tools = [
      { name: 'bad name!', description: 'Broken.', parameters: { type: 'object' }, execute: () => 1 },
    ];

    await send(element, 'Hello');
    await expect.poll(() => part(element, 'error')?.textContent).toContain('name "bad name!" is invalid');
    expect(element.shadowRoot!.querySelector('textarea')!.value).toBe('Hello');
  });

  it('reports an unreachable proxy in an alert', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const element = await mount(
      '<agent-chat proxy-url="http://proxy.test" model="gpt-4o-mini"></agent-chat>',
    );
    await send(element, 'Hello');
    // The agent retries a network failure three times with backoff before reporting it.
    await expect
      .poll(() => part(element, 'error')?.textContent, { timeout: 10_000 })
      .toContain('Could not reach the model endpoint');
  });

  it('gives the attribute-built agent read_attachment once a file is attached', async () => {
    const proxy = fakeProxy([
      { text: 'Hello.' },
      { toolCalls: [{ name: 'read_attachment', arguments: { source: 'a.csv' } }] },
      { text: 'Read it.' },
    ]);
    const element = await mount(
      '<agent-chat proxy-url="http://proxy.test" model="m" memory="off"></agent-chat>',
    );
    await send(element, 'hi');
    await expect.poll(() => part(element, 'message-assistant')?.textContent).toBe('Hello.');
    expect(proxy.requests[0]!.body.tools).toBeUndefined();
    await userEvent.upload(
      element.shadowRoot!.querySelector<HTMLInputElement>('input[type="file"]')!,
      new File(['x,y\n1,2'], 'a.csv'),
    );
    await expect.poll(() => part(element, 'attachment')).not.toBeNull();
    await send(element, 'read it');
    await expect.poll(() => proxy.requests.length).toBe(3);
    const names = (proxy.requests[1]!.body.tools as Array<{ function: { name: string } }>).map(
      (t) => t.function.name,
    );
    expect(names).toEqual(['rag_search', 'read_attachment']);
    const toolMessage = (proxy.requests[2]!.body.messages as Array<{ role: string; content: string }>).at(-1);
    // Read through core's CSV reader into the conversation's attachment cache: a table, page 1 of 1.
    expect(toolMessage?.role).toBe('tool');
    expect(toolMessage?.content).toContain('a.csv');
    expect(toolMessage?.content).toMatch(/x[^\n]*y/);
    expect(toolMessage?.content).toMatch(/1[^\n]*2/);
  });

  it('reports a bad provider or mcp-servers value with what to write instead', async () => {
    fakeProxy([{ text: 'x' }]);
    const element = await mount(
      '<agent-chat proxy-url="http://proxy.test" model="m" mcp-servers="[oops"></agent-chat>',
    );
    await send(element, 'hi');
    await expect.poll(() => part(element, 'error')?.textContent).toContain('mcp-servers is not valid JSON');
    element.setAttribute('mcp-servers', '[{"id":"everything"}]');
    element.setAttribute('provider', 'acme');
    await send(element, '');
    await userEvent.keyboard('{Enter}');
    await expect
      .poll(() => part(element, 'error')?.textContent)
      .toContain('provider "acme" is not available');
    expect(element.mcpServers).toEqual([{ id: 'everything' }]);
  });
});
