import { memoryRunLog, type RunLog, type RunLogRecord } from '@agent-chat/core';

/** Records kept per conversation across reloads (the oldest go first). */
const MAX_RECORDS = 500;

/**
 * The run log of the agent built from attributes (every model call, tool call, decision and error,
 * redacted by core), kept per conversation in localStorage so the conversation menu can export it as
 * JSONL, also after a reload. Storage that is full or blocked only shortens what is kept.
 */
export class ConversationRunLog {
  /** Given to the agent as `runLog`. */
  readonly log: RunLog;
  readonly #conversations = new Map<string, string>();

  constructor() {
    const memory = memoryRunLog();
    this.log = {
      ...memory,
      append: (record) => {
        memory.append(record);
        if (record.kind === 'run.start' && typeof record.conversationId === 'string')
          this.#conversations.set(record.runId, record.conversationId);
        const conversationId = this.#conversations.get(record.runId);
        // Redacted copy: memoryRunLog redacts on append, so keep what it kept.
        const kept = memory.records(record.runId).at(-1);
        if (conversationId && kept) this.#persist(conversationId, kept);
      },
    };
  }

  /** A run started in `conversationId` (its records are kept under that conversation). */
  started(runId: string, conversationId: string): void {
    this.#conversations.set(runId, conversationId);
  }

  /** Keeps a record that no run wrote (the user's feedback) with the conversation's records. */
  add(conversationId: string, record: RunLogRecord): void {
    this.#persist(conversationId, record);
  }

  /** The conversation's records as JSON Lines. */
  jsonl(conversationId: string): string {
    return this.#load(conversationId)
      .map((record) => JSON.stringify(record))
      .join('\n');
  }

  /** Downloads the conversation's run log as `<id>.run-log.jsonl`. */
  download(conversationId: string): void {
    const text = this.jsonl(conversationId);
    const url = URL.createObjectURL(new Blob([text ? `${text}\n` : ''], { type: 'application/x-ndjson' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = `${conversationId.replace(/[^\w-]+/g, '-').slice(0, 60)}.run-log.jsonl`;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }

  #key(conversationId: string): string {
    return `agent-chat:run-log:${conversationId}`;
  }

  #load(conversationId: string): RunLogRecord[] {
    try {
      return JSON.parse(localStorage.getItem(this.#key(conversationId)) ?? '[]') as RunLogRecord[];
    } catch {
      return [];
    }
  }

  #persist(conversationId: string, record: RunLogRecord): void {
    const records = [...this.#load(conversationId), record].slice(-MAX_RECORDS);
    try {
      localStorage.setItem(this.#key(conversationId), JSON.stringify(records));
    } catch {
      // Full or blocked storage: the export has what could be kept.
    }
  }
}
