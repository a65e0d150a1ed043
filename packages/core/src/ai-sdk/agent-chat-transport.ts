import type { ChatTransport, UIMessage, UIMessageChunk } from 'ai';
import type { ChatAgent } from '../agent/chat-agent.js';
import type { ConversationStore } from '../memory/conversation-store.js';
import { toUIMessageStream } from './to-ui-message-stream.js';
import { uiHistory, uiMessageInput } from './ui-message-input.js';
import { UIMessagesInvalidError } from './ui-messages-invalid-error.js';

/** Options of {@link agentChatTransport}. */
export interface AgentChatTransportOptions {
  /** Schemas `validateUIMessages` checks besides the message shape (metadata, data parts, tools). */
  validation?: {
    metadataSchema?: unknown;
    dataSchemas?: Record<string, unknown>;
    tools?: Record<string, unknown>;
  };
}

/**
 * An AI SDK `ChatTransport` that runs the chat on our agent in the page, with no server: `useChat` /
 * `Chat` send messages, the agent runs (its tools, memory, MCP servers and local or remote model), and
 * its events come back as the UI message stream. The chat's id is the agent's conversation id.
 * - submit: the last user message (text and image parts) is the run's message;
 * - an assistant message with approval responses (`addToolApprovalResponse`) answers the paused run;
 * - regenerate: the conversation's last turn is dropped from the agent's store, then run again;
 * - reconnect: `null` — a run lives in the page that started it.
 * Messages are checked with the AI SDK's `validateUIMessages` first; a refusal is a {@link UIMessagesInvalidError}.
 *
 * @example
 * const chat = new Chat({ transport: agentChatTransport(agent), sendAutomaticallyWhen: lastAssistantMessageIsCompleteWithApprovalResponses });
 */
export function agentChatTransport(
  agent: ChatAgent,
  options: AgentChatTransportOptions = {},
): ChatTransport<UIMessage> {
  return {
    async sendMessages({ trigger, chatId, messages, abortSignal }): Promise<ReadableStream<UIMessageChunk>> {
      const { safeValidateUIMessages } = await import('ai');
      const checked = await safeValidateUIMessages({ messages, ...(options.validation as object) });
      if (!checked.success) throw new UIMessagesInvalidError(checked.error.message, checked.error);
      const input = uiMessageInput(messages);
      const signal = abortSignal ? { signal: abortSignal } : {};
      if (input.kind === 'approvals') {
        const answers = input.answers;
        async function* answer() {
          for (const { approvalId, approved } of answers) yield* agent.respond(approvalId, approved, signal);
        }
        return toUIMessageStream(answer(), {
          knownToolCalls: answers.map((a) => a.toolCallId),
          deniedToolCalls: answers.filter((a) => !a.approved).map((a) => a.toolCallId),
        });
      }
      if (trigger === 'regenerate-message') await dropLastTurn(agent.store, chatId);
      else if (messages.length > 1 && (await agent.store.load(chatId)).length === 0)
        await agent.store.append(chatId, uiHistory(messages.slice(0, -1)));
      return toUIMessageStream(
        agent.run({
          message: input.text,
          conversationId: chatId,
          ...(input.images.length ? { images: input.images } : {}),
          ...signal,
        }),
      );
    },
    reconnectToStream: async () => null,
  };
}

/** Removes the last user message and everything after it from the stored conversation. */
async function dropLastTurn(store: ConversationStore, conversationId: string): Promise<void> {
  const stored = await store.load(conversationId);
  const cut = stored.findLastIndex((m) => m.role === 'user');
  if (cut < 0) return;
  const exported = await store.export(conversationId);
  await store.delete(conversationId);
  await store.import(
    {
      ...exported,
      messages: exported.messages.slice(0, cut),
      summaries: (exported.summaries ?? []).filter((s) => s.seq < cut),
    },
    conversationId,
  );
}
