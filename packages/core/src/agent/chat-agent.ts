import type { AgentEvent } from '../events.js';
import type { ConversationStore } from '../memory/conversation-store.js';
import type { ChatModel } from '../model/chat-model.js';
import type { Tool } from '../tools/tool.js';
import type { PendingRequest } from './run-checkpoint-store.js';
import type { RunInput } from './run-input.js';

/**
 * The one contract of an agent a chat drives: `createAgent`'s `Agent` and `remoteAgent`'s `RemoteAgent`
 * both are one, `<agent-chat>` holds this type, and the AI SDK transport and the AG-UI agent serve any.
 */
export interface ChatAgent {
  readonly store: ConversationStore;
  readonly tools: ReadonlyMap<string, Tool>;
  /**
   * The model that answers in this page, for side calls (a conversation's title, follow-up questions);
   * a remote agent has none: its model runs on its server.
   */
  readonly model?: ChatModel;
  /** Runs the agent on one user message; iterate its events. */
  run(input: RunInput): AsyncGenerator<AgentEvent, void, undefined>;
  /**
   * Answers a paused run's request (a clarification's value, an approval's `true` / `false`) and continues it.
   * An approved run whose page closed before it was stored is picked up by giving the same answer again (with
   * a checkpoint store that outlives the page): calls that ran are not run again.
   */
  respond(
    requestId: string,
    value: unknown,
    options?: { signal?: AbortSignal },
  ): AsyncGenerator<AgentEvent, void, undefined>;
  /** Requests paused runs wait on (of one conversation, or all), e.g. to show them again after a reload. */
  pending(conversationId?: string): Promise<PendingRequest[]>;
}
