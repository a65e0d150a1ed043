import {
  DefaultChatTransport,
  generateId,
  getToolName,
  isToolUIPart,
  readUIMessageStream,
  TypeValidationError,
  type UIMessage,
  type UIMessageChunk,
} from 'ai';
import { AgentChatError, isAbortError } from '../../errors.js';
import type { AgentEventBody } from '../../events.js';
import type { PendingCall, ProtocolDriver, ProtocolSession } from '../protocol-session.js';
import { RemoteAgentContentTypeError, RemoteAgentRunError, RemoteStreamCutError } from '../remote-errors.js';
import { ChunkEvents } from './chunk-events.js';

/**
 * The AI SDK's UI message stream, through the `ai` package's own transport (request body, chunk schema)
 * and `readUIMessageStream` (the assistant message a resend carries). Page tool results and approval
 * answers change the assistant message's tool parts as `useChat`'s `addToolOutput` /
 * `addToolApprovalResponse` do, and the conversation is sent again to continue it.
 */
export function aiSdkDriver(url: string, fetch: typeof globalThis.fetch): ProtocolDriver {
  const transport = new DefaultChatTransport<UIMessage>({ api: url, fetch });
  return {
    session({ conversationId, thread }) {
      const history = (thread?.turns ?? []).flatMap((turn) => turn.messages as UIMessage[]);
      let turn: UIMessage[] = [];
      const assistant = (): UIMessage | undefined => turn.find((m) => m.role === 'assistant');
      const updatePart = (
        toolCallId: string,
        change: (part: Record<string, unknown>) => Record<string, unknown>,
      ) => {
        const message = assistant();
        if (!message) return;
        message.parts = message.parts.map((part) =>
          isToolUIPart(part) && part.toolCallId === toolCallId ? (change({ ...part }) as typeof part) : part,
        );
      };
      const session: ProtocolSession = {
        addUser(text) {
          turn = [{ id: generateId(), role: 'user', parts: [{ type: 'text', text }] }];
        },
        async round(emit, signal) {
          const continuing = assistant();
          const stream = await transport.sendMessages({
            chatId: conversationId,
            messages: [...history, ...turn],
            trigger: 'submit-message',
            messageId: continuing?.id,
            abortSignal: signal,
          });
          const [forEvents, forMessage] = stream.tee();
          const snapshots = readLast(
            readUIMessageStream<UIMessage>({ message: continuing, stream: forMessage }),
          );
          await mapChunks(url, forEvents, emit);
          const message = await snapshots;
          if (message) turn = [turn[0]!, message];
          return pendingCalls(message);
        },
        toolResult(call, result) {
          updatePart(call.toolCallId, (part) =>
            result.ok
              ? { ...part, state: 'output-available', output: result.result, errorText: undefined }
              : { ...part, state: 'output-error', output: undefined, errorText: result.error },
          );
        },
        approval(call, approved) {
          updatePart(call.toolCallId, (part) => ({
            ...part,
            state: 'approval-responded',
            approval: { ...(part.approval as object), id: call.approvalId, approved },
          }));
        },
        turnMessages: () => turn,
        state: () => undefined,
      };
      return session;
    },
  };
}

/** Emits our events for each chunk; throws the typed error of an `error` chunk, a cut or a foreign stream. */
async function mapChunks(
  url: string,
  stream: ReadableStream<UIMessageChunk>,
  emit: (event: AgentEventBody) => void,
): Promise<void> {
  const events = new ChunkEvents(emit);
  const reader = stream.getReader();
  let finished = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (value.type === 'error') throw new RemoteAgentRunError(value.errorText);
      if (value.type === 'finish') finished = true;
      events.chunk(value);
    }
  } catch (error) {
    if (error instanceof AgentChatError || isAbortError(error)) throw error;
    if (TypeValidationError.isInstance(error))
      throw new RemoteAgentContentTypeError(url, 'ai-sdk', 'received events that are not UI message chunks');
    throw new RemoteStreamCutError(url, error);
  } finally {
    reader.releaseLock();
  }
  if (!finished) throw new RemoteStreamCutError(url);
}

async function readLast(messages: AsyncIterable<UIMessage>): Promise<UIMessage | undefined> {
  let last: UIMessage | undefined;
  try {
    for await (const message of messages) last = message;
  } catch {
    // The chunk reader reports the failure; this copy only builds the message.
  }
  return last && structuredClone(last);
}

/** Tool calls the backend left: not executed there (a page tool), or waiting for the user's approval. */
function pendingCalls(message: UIMessage | undefined): PendingCall[] {
  const calls: PendingCall[] = [];
  for (const part of message?.parts ?? []) {
    if (!isToolUIPart(part)) continue;
    const base = { toolCallId: part.toolCallId, name: getToolName(part), args: part.input };
    if (part.state === 'approval-requested')
      calls.push({ ...base, kind: 'approval', approvalId: part.approval.id });
    else if (part.state === 'input-available' && !part.providerExecuted)
      calls.push({ ...base, kind: 'page' });
  }
  return calls;
}
