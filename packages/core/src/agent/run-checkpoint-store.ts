import type { Message, ToolCall } from '../model/messages.js';

/** A question to the user that a paused run waits on. */
export interface PendingRequest {
  requestId: string;
  kind: 'approval' | 'clarify';
  conversationId: string;
  toolCallId: string;
  /** The tool awaiting approval, or `ask_user`. */
  name: string;
  args: unknown;
  /** For `clarify`: the question. */
  question?: string;
  /** For `approval`: the user's answer once given (all answers are needed before the run resumes). */
  approved?: boolean;
}

/**
 * What a paused run needs to resume, even in a new page: the turn that is waiting (the assistant's tool
 * calls and the results already in) and the pending requests. Earlier turns are in the conversation store.
 */
export interface RunCheckpoint {
  conversationId: string;
  runId: string;
  createdAt: number;
  /** What the paused run had finished before the waiting turn (its user message first), also in the store. */
  messages?: Message[];
  /** The assistant message whose tool calls are waiting. */
  assistant: Message & { role: 'assistant'; toolCalls: ToolCall[] };
  /** Tool results of that turn that are already done. */
  results: Message[];
  requests: PendingRequest[];
}

/** The port that keeps paused runs; one checkpoint per conversation. */
export interface RunCheckpointStore {
  save(checkpoint: RunCheckpoint): Promise<void>;
  load(conversationId: string): Promise<RunCheckpoint | undefined>;
  /** The checkpoint holding a request, whatever its conversation. */
  findByRequest(requestId: string): Promise<RunCheckpoint | undefined>;
  /** Every checkpoint, oldest first. */
  list(): Promise<RunCheckpoint[]>;
  delete(conversationId: string): Promise<void>;
}

/** A {@link RunCheckpointStore} in memory: paused runs last as long as the page. */
export function memoryCheckpointStore(): RunCheckpointStore {
  const checkpoints = new Map<string, RunCheckpoint>();
  return {
    async save(checkpoint) {
      checkpoints.set(checkpoint.conversationId, structuredClone(checkpoint));
    },
    async load(conversationId) {
      const found = checkpoints.get(conversationId);
      return found && structuredClone(found);
    },
    async findByRequest(requestId) {
      for (const checkpoint of checkpoints.values())
        if (checkpoint.requests.some((r) => r.requestId === requestId)) return structuredClone(checkpoint);
      return undefined;
    },
    async list() {
      return [...checkpoints.values()]
        .sort((a, b) => a.createdAt - b.createdAt)
        .map((c) => structuredClone(c));
    },
    async delete(conversationId) {
      checkpoints.delete(conversationId);
    },
  };
}
