import type { UIMessage } from 'ai';
import { AgentChatError, isAbortError } from '../../errors.js';
import type { AgentEventBody } from '../../events.js';
import type { PendingCall, ProtocolDriver, ProtocolSession } from '../protocol-session.js';
import { RemoteAgentHttpError, RemoteAgentRunError, RemoteStreamCutError } from '../remote-errors.js';
import { ChunkEvents } from './chunk-events.js';
import { uiMessageChunks } from './ui-chunks.js';
import { isToolPart, toolName, UIMessageBuilder } from './ui-message-builder.js';

/**
 * The AI SDK's UI message stream. Requests carry what `useChat`'s `DefaultChatTransport` sends
 * (`{ id, messages, trigger, messageId }`); the answer's chunks become our events and the assistant
 * `UIMessage` a resend carries. Page tool results and approval answers change that message's tool parts
 * as `useChat`'s `addToolOutput` / `addToolApprovalResponse` do, and the conversation is sent again.
 */
export function aiSdkDriver(url: string, fetch: typeof globalThis.fetch): ProtocolDriver {
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
          isToolPart(part) && part.toolCallId === toolCallId ? (change({ ...part }) as typeof part) : part,
        );
      };
      const session: ProtocolSession = {
        addUser(text) {
          turn = [{ id: `msg_${crypto.randomUUID()}`, role: 'user', parts: [{ type: 'text', text }] }];
        },
        async round(emit, signal) {
          const continuing = assistant();
          const response = await fetch(url, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              id: conversationId,
              messages: [...history, ...turn],
              trigger: 'submit-message',
              messageId: continuing?.id,
            }),
            signal,
          });
          const builder = new UIMessageBuilder(continuing);
          await readAnswer(url, response, builder, emit);
          turn = [turn[0]!, builder.message];
          return pendingCalls(builder.message);
        },
        async resumeRound(emit, signal) {
          // `DefaultChatTransport.reconnectToStream`: the same endpoint's `/<chat id>/stream`, with the same
          // headers; 204 (or no such route) means the backend has no answer in flight for the chat.
          let response: Response;
          try {
            response = await fetch(streamUrl(url, conversationId), { method: 'GET', signal });
          } catch (error) {
            if (error instanceof RemoteAgentHttpError && NO_RESUME_ROUTE.includes(error.status))
              return undefined;
            throw error;
          }
          if (response.status === 204) return undefined;
          const builder = new UIMessageBuilder(undefined);
          await readAnswer(url, response, builder, emit);
          turn = [turn[0]!, builder.message];
          return pendingCalls(builder.message);
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

/** Statuses of a backend without the resume route (one that does not offer resuming). */
const NO_RESUME_ROUTE = [404, 405];

/** `url` with `/<chat id>/stream` added to its path (its query kept), as the AI SDK's transport builds it. */
function streamUrl(url: string, chatId: string): string {
  const at = url.search(/[?#]/);
  const path = at === -1 ? url : url.slice(0, at);
  return `${path.replace(/\/$/, '')}/${encodeURIComponent(chatId)}/stream${at === -1 ? '' : url.slice(at)}`;
}

/** Emits our events for each chunk and builds the message; throws for an `error` chunk or a cut stream. */
async function readAnswer(
  url: string,
  response: Response,
  builder: UIMessageBuilder,
  emit: (event: AgentEventBody) => void,
): Promise<void> {
  const events = new ChunkEvents(emit);
  let finished = false;
  try {
    for await (const chunk of uiMessageChunks(url, response.body!)) {
      if (chunk.type === 'error') throw new RemoteAgentRunError(chunk.errorText);
      if (chunk.type === 'finish') finished = true;
      builder.apply(chunk);
      events.chunk(chunk);
    }
  } catch (error) {
    if (error instanceof AgentChatError || isAbortError(error)) throw error;
    throw new RemoteStreamCutError(url, error);
  }
  if (!finished) throw new RemoteStreamCutError(url);
}

/** Tool calls the backend left: not executed there (a page tool), or waiting for the user's approval. */
function pendingCalls(message: UIMessage): PendingCall[] {
  const calls: PendingCall[] = [];
  for (const part of message.parts) {
    if (!isToolPart(part)) continue;
    const base = { toolCallId: part.toolCallId, name: toolName(part), args: part.input };
    if (part.state === 'approval-requested')
      calls.push({ ...base, kind: 'approval', approvalId: part.approval.id });
    else if (part.state === 'input-available' && !part.providerExecuted)
      calls.push({ ...base, kind: 'page' });
  }
  return calls;
}
