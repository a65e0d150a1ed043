import { createAgent, defineTool, memoryStore } from '@agent-chat/core';
import { mockModel } from '@agent-chat/core/test';
import { describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import '../agent-chat.js';
import { mountWithFakeAgent as mount, mountElement, send } from '../test/mount.js';

describe('<agent-chat> forms', () => {
  it('asks a free-text question, focuses it and sends the typed answer with Enter', async () => {
    const { element, agent, root } = await mount([
      () => [
        { type: 'clarify.request', requestId: 'q1', question: 'Which city?', source: 'ask_user' },
        { awaitResponse: 'q1' },
        { type: 'response.chunk', turn: 1, text: 'Thanks.' },
      ],
    ]);
    await send(element, 'weather');
    await expect
      .poll(() => root.querySelector('[part~="clarify"] .question')?.textContent)
      .toBe('Which city?');
    // The answer box has the focus: the user just types.
    await expect.poll(() => root.activeElement?.getAttribute('name')).toBe('answer');
    await userEvent.keyboard('Lyon{Enter}');
    await expect.poll(() => agent.responses).toEqual([{ requestId: 'q1', value: 'Lyon' }]);
    await expect.poll(() => root.querySelector('[part~="message-assistant"]')?.textContent).toBe('Thanks.');
    expect(root.querySelector<HTMLElement>('[part~="clarify"]')?.dataset.state).toBe('answered');
    expect(root.querySelector('[part~="form-submit"]')).toBeNull();
  });

  it('builds a form from a JSON schema with defaults and returns typed values (MCP elicitation)', async () => {
    const schema = {
      type: 'object',
      properties: {
        name: { type: 'string', title: 'Your name', default: 'Ada' },
        seats: { type: 'integer', title: 'Seats', minimum: 1, default: 2 },
        window: { type: 'boolean', title: 'Window seat', default: true },
        meal: { type: 'string', enum: ['veg', 'fish'], default: 'fish' },
      },
      required: ['name', 'seats'],
    };
    const { element, agent, root } = await mount([
      () => [
        {
          type: 'clarify.request',
          requestId: 'e1',
          question: 'Booking details',
          schema,
          source: 'mcp-elicitation',
          serverId: 'everything',
        },
        { awaitResponse: 'e1' },
      ],
    ]);
    await send(element, 'book');
    await expect.poll(() => root.querySelector('[part~="clarify"] input')).not.toBeNull();
    const form = root.querySelector('[part~="clarify"]')!;
    const byLabel = (text: string) =>
      [...form.querySelectorAll('label')].find((l) => l.textContent === text)?.control as HTMLInputElement;
    expect(byLabel('Your name').value).toBe('Ada');
    expect(byLabel('Seats').value).toBe('2');
    expect(byLabel('Window seat').checked).toBe(true);
    // Keyboard only: focus is on the first field; change seats and the meal, submit with Enter.
    expect(root.activeElement).toBe(byLabel('Your name'));
    await userEvent.keyboard('{Tab}');
    await userEvent.keyboard('{Control>}a{/Control}3');
    await userEvent.keyboard('{Tab}{Space}');
    await userEvent.keyboard('{Tab}');
    await userEvent.selectOptions(byLabel('meal') as unknown as HTMLSelectElement, 'veg');
    byLabel('Your name').focus();
    await userEvent.keyboard('{Enter}');
    await expect
      .poll(() => agent.responses)
      .toEqual([{ requestId: 'e1', value: { name: 'Ada', seats: 3, window: false, meal: 'veg' } }]);
  });

  it('offers MCP choice fields as selects and returns the chosen values typed (single, titled, multiple)', async () => {
    const schema = {
      type: 'object',
      properties: {
        size: { type: 'number', enum: [1, 2, 3], default: 2 },
        pet: { type: 'string', enum: ['p1', 'p2'], enumNames: ['Cats', 'Dogs'] },
        hero: {
          type: 'string',
          oneOf: [
            { const: 'h1', title: 'Superman' },
            { const: 'h2', title: 'Batman' },
          ],
        },
        tools: { type: 'array', items: { enum: ['Guitar', 'Piano', 'Drums'] }, default: ['Guitar'] },
        fish: {
          type: 'array',
          items: {
            anyOf: [
              { const: 'f1', title: 'Tuna' },
              { const: 'f2', title: 'Trout' },
            ],
          },
        },
      },
    };
    const { element, agent, root } = await mount([
      () => [
        { type: 'clarify.request', requestId: 'c1', question: 'Choose', schema, source: 'mcp-elicitation' },
        { awaitResponse: 'c1' },
      ],
    ]);
    await send(element, 'choose');
    await expect.poll(() => root.querySelector('[part~="clarify"] select')).not.toBeNull();
    const select = (name: string) => root.querySelector<HTMLSelectElement>(`select[name="${name}"]`)!;
    // Labels come from enumNames / titles; defaults are preselected; arrays are multiple selects.
    expect([...select('pet').options].map((o) => o.textContent)).toEqual(['Cats', 'Dogs']);
    expect([...select('hero').options].map((o) => o.textContent)).toEqual(['Superman', 'Batman']);
    expect(select('tools').multiple).toBe(true);
    expect([...select('tools').selectedOptions].map((o) => o.textContent)).toEqual(['Guitar']);
    await userEvent.selectOptions(select('pet'), 'Dogs');
    await userEvent.selectOptions(select('hero'), 'Batman');
    await userEvent.selectOptions(select('tools'), ['Piano', 'Drums']);
    root.querySelector<HTMLButtonElement>('[part~="form-submit"]')!.click();
    await expect
      .poll(() => agent.responses)
      .toEqual([{ requestId: 'c1', value: { size: 2, pet: 'p2', hero: 'h2', tools: ['Piano', 'Drums'] } }]);
  });

  it('asks for approval with Approve / Deny and sends the decision', async () => {
    const { element, agent, root } = await mount([
      () => [
        {
          type: 'approval.request',
          requestId: 'a1',
          toolCallId: 'c1',
          name: 'delete_file',
          args: { path: '/tmp/x' },
        },
        { awaitResponse: 'a1' },
      ],
    ]);
    await send(element, 'clean up');
    await expect
      .poll(() => root.querySelector('[part~="approval"] .question')?.textContent)
      .toBe('Allow delete_file to run?');
    expect(root.querySelector('[part~="approval"] pre')?.textContent).toContain('/tmp/x');
    // The first button (Approve) has the focus; Tab + Enter denies.
    expect(root.activeElement?.getAttribute('part')).toBe('approve');
    await userEvent.keyboard('{Tab}{Enter}');
    await expect.poll(() => agent.responses).toEqual([{ requestId: 'a1', value: { approved: false } }]);
    expect(root.querySelector('[part~="approval"] .form-state')?.textContent).toBe('Denied');
  });

  it('says so when the agent cannot take answers', async () => {
    const { element, agent, root } = await mount([
      () => [{ type: 'clarify.request', requestId: 'q1', question: 'Which city?', source: 'ask_user' }],
    ]);
    (agent as { respond?: unknown }).respond = undefined;
    await send(element, 'weather');
    await expect.poll(() => root.querySelector('[part~="clarify"] textarea')).not.toBeNull();
    await userEvent.keyboard('Lyon{Enter}');
    await expect.poll(() => root.querySelector('[part~="error"]')?.textContent).toContain('respond');
  });
});

describe('<agent-chat> local model', () => {
  it('shows download and compile progress with bytes, cancels the load and retries it', async () => {
    const loading = (signal: AbortSignal) =>
      new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
    const { element, agent, root } = await mount([
      () => [
        {
          type: 'model.loading',
          model: 'Llama-3.2-1B',
          phase: 'download',
          fraction: 0.25,
          loadedBytes: 262_144_000,
          totalBytes: 1_048_576_000,
        },
        { until: loading },
      ],
      () => [
        {
          type: 'model.loading',
          model: 'Llama-3.2-1B',
          phase: 'compile',
          fraction: 0.9,
          text: 'Compiling shaders',
        },
        { type: 'model.loading', model: 'Llama-3.2-1B', phase: 'ready', fraction: 1 },
        { type: 'response.chunk', turn: 1, text: 'Local answer.' },
      ],
    ]);
    await send(element, 'hello');
    const progress = () => root.querySelector<HTMLElement>('[part~="model-progress"]');
    await expect
      .poll(() => progress()?.querySelector('.model-bytes')?.textContent)
      .toBe('250.0 MB / 1000.0 MB · 25%');
    expect(progress()?.querySelector('.model-title')?.textContent).toBe('Downloading Llama-3.2-1B');
    expect(progress()?.querySelector('progress')?.value).toBe(0.25);
    await userEvent.click(root.querySelector<HTMLElement>('[part~="model-cancel"]')!);
    await expect.poll(() => progress()?.dataset.state).toBe('cancelled');
    await expect.poll(() => root.querySelector('[part~="stop"]')).toBeNull();
    await userEvent.click(root.querySelector<HTMLElement>('[part~="model-retry"]')!);
    await expect
      .poll(() => root.querySelector('[part~="message-assistant"]')?.textContent)
      .toBe('Local answer.');
    expect(agent.inputs.map((i) => i.message)).toEqual(['hello', 'hello']);
    const last = [...root.querySelectorAll<HTMLElement>('[part~="model-progress"]')].at(-1)!;
    expect(last.dataset.state).toBe('ready');
    expect(last.querySelector('.model-title')?.textContent).toBe('Llama-3.2-1B is ready');
  });

  it('warns before a download that does not fit the storage quota, and says when a remote model answers', async () => {
    const { element, root } = await mount([
      () => [
        {
          type: 'model.loading',
          model: 'Huge-70B',
          phase: 'download',
          fraction: 0,
          loadedBytes: 0,
          totalBytes: 1e15,
        },
        {
          type: 'model.decided',
          model: 'gpt-4o-mini',
          reason: 'WebGPU is not available, using the remote model',
        },
      ],
    ]);
    await send(element, 'hi');
    await expect
      .poll(() => root.querySelector('[part~="model-progress"] [role="alert"]')?.textContent)
      .toMatch(/Not enough storage for Huge-70B: .* needed, .* free\./);
    expect(root.querySelector('[part~="model-notice"]')?.textContent?.trim()).toBe(
      'Answering with gpt-4o-mini: WebGPU is not available, using the remote model',
    );
  });
});

describe('<agent-chat> events', () => {
  it('dispatches typed, bubbling, composed events for messages, runs and errors', async () => {
    const { element } = await mount([
      () => [
        { type: 'response.chunk', turn: 1, text: 'Hi!' },
        { type: 'response.done', text: 'Hi!' },
        { type: 'error', code: 'MODEL_CALL', message: 'overloaded', retryable: true },
      ],
    ]);
    const seen: string[] = [];
    const outer = document.createElement('div');
    document.body.append(outer);
    outer.append(element);
    for (const type of [
      'agent-chat-message',
      'agent-chat-run-start',
      'agent-chat-run-finish',
      'agent-chat-error',
    ] as const)
      outer.addEventListener(type, (event) => {
        expect(event.bubbles && event.composed).toBe(true);
        seen.push(`${type}:${JSON.stringify(event.detail)}`);
      });
    await send(element, 'hello');
    await expect.poll(() => seen.length).toBe(5);
    // Another test file may have left a conversation to restore (localStorage is shared): use its id.
    const id = element.conversationId;
    expect(id).toBeTruthy();
    expect(seen).toEqual([
      `agent-chat-run-start:{"runId":"run-1","conversationId":"${id}"}`,
      `agent-chat-message:{"role":"user","text":"hello","conversationId":"${id}"}`,
      `agent-chat-message:{"role":"assistant","text":"Hi!","conversationId":"${id}"}`,
      'agent-chat-error:{"code":"MODEL_CALL","message":"overloaded","retryable":true}',
      'agent-chat-run-finish:{"runId":"run-1","status":"completed","turns":1}',
    ]);
  });
});

describe('<agent-chat> approval continuation', () => {
  it('adds no user bubble when an approved page tool lets the run go on: the continuation is not a visitor message', async () => {
    const turnOff = defineTool({
      name: 'turn_off_lights',
      description: 'Turns the lights off.',
      parameters: { type: 'object', properties: {} },
      needsApproval: true,
      execute: () => 'off',
    });
    const model = mockModel([
      { toolCalls: [{ id: 't1', name: 'turn_off_lights', arguments: {} }] },
      { text: 'The lights are off.' },
    ]);
    const element = await mountElement('agent-chat', {
      setup: (e) => {
        e.agent = createAgent({ model, store: memoryStore(), tools: [turnOff] });
      },
    });
    const root = element.shadowRoot!;
    await send(element, 'Lights off please');
    await expect.poll(() => root.querySelector('[part~="approve"]')).not.toBeNull();
    root.querySelector<HTMLElement>('[part~="approve"]')!.click();
    await expect
      .poll(() => root.querySelector('[part~="message-assistant"]')?.textContent)
      .toContain('The lights are off.');
    const users = [...root.querySelectorAll('[part~="message-user"]')].map((m) => m.textContent);
    expect(users).toEqual(['Lights off please']);
    // Only the visitor's message has an Edit button (once the answer's actions have loaded).
    await expect.poll(() => root.querySelectorAll('[part~="edit-message"]').length).toBe(1);
  });
});
