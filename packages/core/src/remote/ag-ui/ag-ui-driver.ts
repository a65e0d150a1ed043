import { type AgentSubscriber, HttpAgent, type Message, randomUUID } from '@ag-ui/client';
import { AgentChatError, isAbortError } from '../../errors.js';
import type { PendingCall, ProtocolDriver, ProtocolSession } from '../protocol-session.js';
import { RemoteAgentRunError, RemoteStreamCutError } from '../remote-errors.js';
import { AgUiEvents, resetOf } from './ag-ui-events.js';
import { cutAwareFetch } from './cut-aware-fetch.js';

/**
 * AG-UI through `@ag-ui/client`'s `HttpAgent` (which parses the stream, verifies the event order and keeps
 * messages and state): the thread id is the conversation id, page tools go in `RunAgentInput.tools`, and a
 * page tool's result is a tool message followed by a new run.
 */
export function agUiDriver(url: string, fetch: typeof globalThis.fetch): ProtocolDriver {
  return {
    session({ conversationId, thread, pageTools }) {
      const transport = cutAwareFetch(fetch);
      const agent = new HttpAgent({
        url,
        fetch: transport.fetch,
        threadId: conversationId,
        initialMessages: (thread?.turns ?? []).flatMap((turn) => turn.messages as Message[]),
        initialState: (thread?.state as Record<string, unknown> | undefined) ?? {},
      });
      const tools = pageTools.map((t) => ({
        name: t.name,
        description: t.description,
        parameters: t.jsonSchema,
      }));
      const pageNames = new Set(pageTools.map((t) => t.name));
      let turnStart = agent.messages.length;
      const session: ProtocolSession = {
        addUser(text) {
          turnStart = agent.messages.length;
          agent.addMessage({ id: randomUUID(), role: 'user', content: text });
        },
        async round(emit, signal) {
          const events = new AgUiEvents(emit);
          const abortController = new AbortController();
          const abort = () => abortController.abort(signal.reason);
          signal.addEventListener('abort', abort, { once: true });
          transport.reset();
          const subscriber: AgentSubscriber = {
            onEvent: ({ event }) => events.event(event),
            onStateChanged: ({ state }) => events.state(state),
            // The messages of a model call the backend made again leave the thread (never resent).
            onCustomEvent: ({ event, messages }) => {
              const dropped = new Set(resetOf(event)?.messageIds);
              if (dropped.size) return { messages: messages.filter((m) => !dropped.has(m.id)) };
            },
          };
          try {
            await agent.runAgent({ tools, abortController }, subscriber);
          } catch (error) {
            if (events.runError !== undefined) throw new RemoteAgentRunError(events.runError, error);
            if (error instanceof AgentChatError || isAbortError(error) || signal.aborted) throw error;
            throw new RemoteStreamCutError(url, transport.cut() ?? error);
          } finally {
            signal.removeEventListener('abort', abort);
          }
          if (events.runError !== undefined) throw new RemoteAgentRunError(events.runError);
          if (!events.finished) throw new RemoteStreamCutError(url, transport.cut());
          return events.unanswered().filter((call) => pageNames.has(call.name)) satisfies PendingCall[];
        },
        toolResult(call, result) {
          agent.addMessage({
            id: randomUUID(),
            role: 'tool',
            toolCallId: call.toolCallId,
            content: result.ok ? result.content : `Error: ${result.error}`,
            ...(result.ok ? {} : { error: result.error }),
          });
        },
        approval() {
          // AG-UI has no approval request of its own: page tools are approved in the page before they run.
        },
        turnMessages: () => agent.messages.slice(turnStart),
        state: () => agent.state,
      };
      return session;
    },
  };
}
