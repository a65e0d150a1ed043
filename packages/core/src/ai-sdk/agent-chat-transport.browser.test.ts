import {
  AbstractChat,
  type ChatInit,
  type ChatState,
  type ChatStatus,
  lastAssistantMessageIsCompleteWithApprovalResponses,
  readUIMessageStream,
  type UIMessage,
  validateUIMessages,
} from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createAgent } from '../agent/create-agent.js';
import { webLLM } from '../model/web-llm/web-llm.js';
import { type FakeWebLLMScript, fakeWebLLMEngine } from '../test/fake-web-llm-engine.js';
import { defineTool } from '../tools/tool.js';
import { agentChatTransport } from './agent-chat-transport.js';
import { toUIMessageStream } from './to-ui-message-stream.js';
import { UIMessagesInvalidError } from './ui-messages-invalid-error.js';

// The AI SDK's own Chat (AbstractChat with a plain state, as @ai-sdk/react's Chat is) and
// readUIMessageStream in Chromium, running on our agent with webLLM() on the fake web-llm engine.
const HERMES = 'Hermes-3-Llama-3.1-8B-q4f32_1-MLC';

class ArrayState implements ChatState<UIMessage> {
  status: ChatStatus = 'ready';
  error: Error | undefined = undefined;
  constructor(public messages: UIMessage[]) {}
  pushMessage = (message: UIMessage) => {
    this.messages = [...this.messages, message];
  };
  popMessage = () => {
    this.messages = this.messages.slice(0, -1);
  };
  replaceMessage = (index: number, message: UIMessage) => {
    this.messages = this.messages.map((m, i) => (i === index ? message : m));
  };
  snapshot = <T>(value: T): T => structuredClone(value);
}

class Chat extends AbstractChat<UIMessage> {
  constructor(init: ChatInit<UIMessage>) {
    super({ ...init, state: new ArrayState(init.messages ?? []) });
  }
}

function localAgent(script: FakeWebLLMScript) {
  const engine = fakeWebLLMEngine(script);
  const model = webLLM({
    model: HERMES,
    checkEnvironment: false,
    engine: async (_id, { onProgress }) => {
      engine.setInitProgressCallback(onProgress);
      await engine.reload(HERMES);
      return engine;
    },
  });
  const deleted: string[] = [];
  const pageTitle = defineTool({
    name: 'page_title',
    description: 'Reads the title of the page the user is on',
    parameters: z.object({}),
    execute: () => ({ title: document.title }),
  });
  const deleteNote = defineTool({
    name: 'delete_note',
    description: 'Deletes a note',
    parameters: z.object({ id: z.string() }),
    needsApproval: true,
    execute: ({ id }) => {
      deleted.push(id);
      return { deleted: id };
    },
  });
  const agent = createAgent({ model, tools: [pageTitle, deleteNote] });
  return { agent, engine, deleted };
}

const partTypes = (message: UIMessage | undefined) => message?.parts.map((p) => p.type);

describe('agentChatTransport: the AI SDK Chat on our agent (fake web-llm engine, Chromium)', {
  timeout: 30_000,
}, () => {
  it('runs a page tool, shows reasoning and the answer, and the messages pass validateUIMessages', async () => {
    document.title = 'Tea shop – checkout';
    const { agent } = localAgent({
      turns: [
        { toolCalls: [{ name: 'page_title', arguments: {} }], usage: { inputTokens: 30, outputTokens: 5 } },
        {
          text: '<think>The tool gave the title.</think>You are on "Tea shop – checkout".',
          usage: { inputTokens: 45, outputTokens: 12 },
        },
      ],
    });
    const chat = new Chat({ transport: agentChatTransport(agent) });
    await chat.sendMessage({ text: 'Which page am I on?' });
    expect(chat.status).toBe('ready');
    const answer = chat.lastMessage;
    expect(answer?.role).toBe('assistant');
    const tool = answer?.parts.find((p) => p.type === 'tool-page_title');
    expect(tool).toMatchObject({ state: 'output-available', output: { title: 'Tea shop – checkout' } });
    expect(answer?.parts.find((p) => p.type === 'reasoning')).toMatchObject({
      text: 'The tool gave the title.',
    });
    expect(answer?.parts.filter((p) => p.type === 'text').map((p) => p.type === 'text' && p.text)).toEqual([
      'You are on "Tea shop – checkout".',
    ]);
    expect(partTypes(answer)?.filter((t) => t === 'step-start')).toHaveLength(2);
    expect(answer?.metadata).toMatchObject({
      status: 'completed',
      usage: { inputTokens: 75, outputTokens: 17 },
    });
    await expect(validateUIMessages({ messages: chat.messages })).resolves.toHaveLength(2);
  });

  it('pauses on an approval, continues after addToolApprovalResponse, and regenerates the last answer', async () => {
    const { agent, engine, deleted } = localAgent({
      turns: [
        { toolCalls: [{ name: 'delete_note', arguments: { id: 'n1' } }] },
        { text: 'Note n1 is deleted.' },
        { toolCalls: [{ name: 'delete_note', arguments: { id: 'n2' } }] },
        { text: 'I did not delete n2.' },
        { text: 'Regenerated: n2 was kept.' },
      ],
    });
    const chat = new Chat({
      transport: agentChatTransport(agent),
      sendAutomaticallyWhen: lastAssistantMessageIsCompleteWithApprovalResponses,
    });
    await chat.sendMessage({ text: 'Delete note n1' });
    const pending = chat.lastMessage?.parts.find((p) => p.type === 'tool-delete_note');
    expect(pending).toMatchObject({ state: 'approval-requested', input: { id: 'n1' } });
    expect(deleted).toEqual([]);
    const approvalId = pending && 'approval' in pending ? pending.approval?.id : undefined;
    expect(approvalId).toBeTruthy();

    await chat.addToolApprovalResponse({ id: approvalId as string, approved: true });
    await expect.poll(() => chat.lastMessage?.parts.some((p) => p.type === 'text')).toBe(true);
    await expect.poll(() => chat.status).toBe('ready');
    expect(deleted).toEqual(['n1']);
    const done = chat.lastMessage;
    expect(chat.messages).toHaveLength(2);
    expect(done?.parts.find((p) => p.type === 'tool-delete_note')).toMatchObject({
      state: 'output-available',
      output: { deleted: 'n1' },
    });
    expect(done?.parts.find((p) => p.type === 'text')).toMatchObject({ text: 'Note n1 is deleted.' });

    // A denied approval: the tool does not run and the part says so.
    await chat.sendMessage({ text: 'Delete note n2' });
    const second = chat.lastMessage?.parts.find((p) => p.type === 'tool-delete_note');
    await chat.addToolApprovalResponse({
      id: (second && 'approval' in second ? second.approval?.id : '') as string,
      approved: false,
    });
    await expect.poll(() => chat.lastMessage?.parts.some((p) => p.type === 'text')).toBe(true);
    await expect.poll(() => chat.status).toBe('ready');
    expect(deleted).toEqual(['n1']);
    expect(chat.lastMessage?.parts.find((p) => p.type === 'tool-delete_note')).toMatchObject({
      state: 'output-denied',
    });

    // Regenerate: the last turn leaves the agent's store and runs again.
    await chat.regenerate();
    expect(chat.messages).toHaveLength(4);
    expect(chat.lastMessage?.parts.find((p) => p.type === 'text')).toMatchObject({
      text: 'Regenerated: n2 was kept.',
    });
    const stored = await agent.store.load(chat.id);
    expect(stored.filter((m) => m.role === 'user').map((m) => m.content)).toEqual([
      'Delete note n1',
      'Delete note n2',
    ]);
    expect(JSON.stringify(engine.requests.at(-1)?.messages)).not.toContain('I did not delete n2');
    await expect(validateUIMessages({ messages: chat.messages })).resolves.toHaveLength(4);
  });

  it('refuses UI messages that fail validateUIMessages, with the validator’s message', async () => {
    const { agent } = localAgent({ turns: [{ text: 'never' }] });
    const transport = agentChatTransport(agent);
    const bad = [{ id: 'm1', role: 'user', parts: [{ type: 'text' }] }] as unknown as UIMessage[];
    const error = await transport
      .sendMessages({
        trigger: 'submit-message',
        chatId: 'c',
        messageId: undefined,
        messages: bad,
        abortSignal: undefined,
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UIMessagesInvalidError);
    expect((error as Error).message).toMatch(/validateUIMessages: .*text/s);
    const empty = await transport
      .sendMessages({
        trigger: 'submit-message',
        chatId: 'c',
        messageId: undefined,
        messages: [],
        abortSignal: undefined,
      })
      .catch((e: unknown) => e);
    expect(empty).toBeInstanceOf(UIMessagesInvalidError);
  });
});

describe('toUIMessageStream read by readUIMessageStream', () => {
  it('builds a valid assistant message from a run', async () => {
    const { agent } = localAgent({
      turns: [{ toolCalls: [{ name: 'page_title', arguments: {} }] }, { text: 'Done.' }],
    });
    let last: UIMessage | undefined;
    for await (const message of readUIMessageStream({
      stream: toUIMessageStream(agent.run({ message: 'title?' })),
    }))
      last = message;
    expect(partTypes(last)).toEqual(['step-start', 'tool-page_title', 'step-start', 'text']);
    await expect(
      validateUIMessages({
        messages: [{ id: 'u', role: 'user', parts: [{ type: 'text', text: 'title?' }] }, last],
      }),
    ).resolves.toHaveLength(2);
  });
});
