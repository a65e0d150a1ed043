import type { BaseEvent, Message } from '@ag-ui/core';
import { EventSchemas } from '@ag-ui/core/schemas';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createAgent } from '../agent/create-agent.js';
import { mockModel } from '../test/mock-model.js';
import { defineTool } from '../tools/tool.js';
import { ToolRegistry } from '../tools/tool-registry.js';
import { agUIAgent } from './ag-ui-agent.js';

// @ag-ui/client's own runAgent pipeline (event verification, message assembly, interrupts) consuming our
// agent, with every event also parsed by @ag-ui/core's schemas.
function recorder() {
  const events: BaseEvent[] = [];
  return {
    events,
    subscriber: {
      onEvent: ({ event }: { event: BaseEvent }) => {
        events.push(EventSchemas.parse(event) as BaseEvent);
      },
    },
    /** Event types, repeats of the same type (content chunks) collapsed. */
    types: () => events.map((e) => e.type).filter((type, i, all) => type !== all[i - 1]),
  };
}

const setBackground = {
  name: 'set_background',
  description: 'Sets the page background colour',
  parameters: { type: 'object', properties: { color: { type: 'string' } }, required: ['color'] },
};

describe('agUIAgent through @ag-ui/client', () => {
  it('calls a frontend tool sent by the client and continues with its result', async () => {
    const model = mockModel([
      {
        reasoning: 'The page tool can do it.',
        toolCalls: [{ id: 'call_bg', name: 'set_background', arguments: { color: 'teal' } }],
        usage: { inputTokens: 12, outputTokens: 4 },
      },
      { text: 'The background is teal now.' },
    ]);
    const agent = createAgent({ model, tools: new ToolRegistry() });
    const client = agUIAgent(agent, {
      threadId: 'thread-1',
      initialMessages: [{ id: 'u1', role: 'user', content: 'Make the page teal' }],
    });
    const first = recorder();
    await client.runAgent({ tools: [setBackground] }, first.subscriber);
    expect(first.types()).toEqual([
      'RUN_STARTED',
      'REASONING_START',
      'REASONING_MESSAGE_START',
      'REASONING_MESSAGE_CONTENT',
      'REASONING_MESSAGE_END',
      'REASONING_END',
      'TOOL_CALL_START',
      'TOOL_CALL_ARGS',
      'TOOL_CALL_END',
      'RUN_FINISHED',
    ]);
    expect(first.events.at(-1)).toMatchObject({
      outcome: { type: 'success', pendingToolCallIds: ['call_bg'] },
      usage: [{ inputTokens: 12, outputTokens: 4 }],
    });
    // The client runs the frontend tool from the assistant message the pipeline built.
    const call = client.messages.flatMap((m) => (m.role === 'assistant' ? (m.toolCalls ?? []) : []))[0];
    expect(call?.function.name).toBe('set_background');
    const page = { background: 'white' };
    page.background = (JSON.parse(call?.function.arguments ?? '{}') as { color: string }).color;
    client.addMessage({
      id: 'r1',
      role: 'tool',
      toolCallId: call?.id ?? '',
      content: `background set to ${page.background}`,
    });

    const second = recorder();
    await client.runAgent({ tools: [setBackground] }, second.subscriber);
    expect(page.background).toBe('teal');
    expect(second.types()).toEqual([
      'RUN_STARTED',
      'TEXT_MESSAGE_START',
      'TEXT_MESSAGE_CONTENT',
      'TEXT_MESSAGE_END',
      'RUN_FINISHED',
    ]);
    const last = client.messages.at(-1) as Message;
    expect(last).toMatchObject({ role: 'assistant', content: 'The background is teal now.' });
    // The model saw the client's result as the tool message of its call.
    expect(model.requests[1]?.messages.at(-1)).toMatchObject({
      role: 'tool',
      toolCallId: 'call_bg',
      content: 'background set to teal',
    });
    // The frontend tool was only there for the runs that sent it.
    expect(agent.tools.has('set_background')).toBe(false);
  });

  it('turns an approval into an AG-UI interrupt and runs the tool when the resume approves it', async () => {
    const removed: string[] = [];
    const removeFile = defineTool({
      name: 'remove_file',
      description: 'Removes a file',
      parameters: z.object({ path: z.string() }),
      needsApproval: true,
      execute: ({ path }) => {
        removed.push(path);
        return { removed: path };
      },
    });
    const agent = createAgent({
      model: mockModel([
        { toolCalls: [{ id: 'call_rm', name: 'remove_file', arguments: { path: '/tmp/a' } }] },
        { text: 'Removed /tmp/a.' },
      ]),
      tools: [removeFile],
    });
    const client = agUIAgent(agent, {
      initialMessages: [{ id: 'u1', role: 'user', content: 'Remove /tmp/a' }],
    });
    const first = recorder();
    await client.runAgent({}, first.subscriber);
    const finished = first.events.at(-1) as unknown as {
      outcome: { type: string; interrupts: Array<{ id: string; toolCallId: string; reason: string }> };
    };
    expect(finished.outcome.type).toBe('interrupt');
    expect(finished.outcome.interrupts[0]).toMatchObject({ reason: 'tool_approval', toolCallId: 'call_rm' });
    expect(client.pendingInterrupts).toHaveLength(1);
    expect(removed).toEqual([]);

    const second = recorder();
    const interruptId = finished.outcome.interrupts[0]?.id ?? '';
    await client.runAgent(
      { resume: [{ interruptId, status: 'resolved', payload: { approved: true } }] },
      second.subscriber,
    );
    expect(removed).toEqual(['/tmp/a']);
    expect(second.types()).toEqual([
      'RUN_STARTED',
      'TOOL_CALL_RESULT',
      'TEXT_MESSAGE_START',
      'TEXT_MESSAGE_CONTENT',
      'TEXT_MESSAGE_END',
      'RUN_FINISHED',
    ]);
    expect(client.pendingInterrupts).toHaveLength(0);
    expect(client.messages.at(-1)).toMatchObject({ role: 'assistant', content: 'Removed /tmp/a.' });
  });

  it('turns ask_user into an input_required interrupt whose resume payload answers it', async () => {
    const model = mockModel([
      { toolCalls: [{ id: 'q', name: 'ask_user', arguments: { question: 'Which city?' } }] },
      { text: 'Paris it is.' },
    ]);
    const client = agUIAgent(createAgent({ model, clarify: true }), {
      initialMessages: [{ id: 'u1', role: 'user', content: 'Weather please' }],
    });
    const first = recorder();
    await client.runAgent({}, first.subscriber);
    expect(client.pendingInterrupts).toMatchObject([{ reason: 'input_required', message: 'Which city?' }]);
    const interruptId = client.pendingInterrupts[0]?.id ?? '';
    const second = recorder();
    await client.runAgent(
      { resume: [{ interruptId, status: 'resolved', payload: 'Paris' }] },
      second.subscriber,
    );
    expect(client.messages.at(-1)).toMatchObject({ role: 'assistant', content: 'Paris it is.' });
    expect(JSON.stringify(model.requests[1]?.messages)).toContain('Paris');
  });

  it('refuses a run whose frontend tool schema does not parse, naming the tool', async () => {
    const agent = createAgent({ model: mockModel([{ text: 'never' }]), tools: new ToolRegistry() });
    const client = agUIAgent(agent, { initialMessages: [{ id: 'u1', role: 'user', content: 'hi' }] });
    const run = recorder();
    await client
      .runAgent(
        { tools: [{ name: 'pick_color', description: 'Picks', parameters: { type: 'string' } }] },
        run.subscriber,
      )
      .catch(() => undefined);
    expect(run.types()).toEqual(['RUN_STARTED', 'RUN_ERROR']);
    expect(run.events[1]).toMatchObject({ code: 'invalid_configuration' });
    expect((run.events[1] as unknown as { message: string }).message).toMatch(
      /frontend tool "pick_color" has parameters that do not parse/,
    );
  });
});
