import type { RunLog, RunLogRecord } from '@agent-chat/core';

/**
 * The agent's run log while the conversation run log (its own chunk: redaction and storage) has not loaded:
 * records wait in memory, in order, and go to it when it is attached. `onRunFinished` hears the end of each
 * run, so the widget can load the real log once an answer has shown, never on the way to it.
 */
export class DeferredRunLog implements RunLog {
  #waiting: RunLogRecord[] = [];
  #target: RunLog | undefined;
  readonly #onRunFinished: () => void;

  constructor(onRunFinished: () => void) {
    this.#onRunFinished = onRunFinished;
  }

  /** From now on records go to `target`, the waiting ones first. */
  attach(target: RunLog): void {
    this.#target = target;
    for (const record of this.#waiting) target.append(record);
    this.#waiting = [];
  }

  append(record: RunLogRecord): void {
    if (this.#target) this.#target.append(record);
    else {
      this.#waiting.push(record);
      if (record.kind === 'run.finish') this.#onRunFinished();
    }
  }

  /** The attached log's records; none before it is attached (waiting records are not redacted yet). */
  records(runId?: string): RunLogRecord[] {
    return this.#target?.records(runId) ?? [];
  }

  toJSONL(runId?: string): string {
    return this.#target?.toJSONL(runId) ?? '';
  }

  clear(): void {
    this.#waiting = [];
    this.#target?.clear();
  }
}
