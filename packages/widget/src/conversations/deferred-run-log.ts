import type { RunLog, RunLogRecord } from '@agent-chat/core';

/** A run log that keeps its records until {@link DeferredRunLog.attach} gives it the real one. */
export interface DeferredRunLog extends RunLog {
  /** From now on records go to `target`, the waiting ones first. */
  attach(target: RunLog): void;
}

/**
 * The agent's run log while the conversation run log (its own chunk: redaction and storage) has not loaded:
 * records wait in memory, in order, and go to it when it is attached. `onRunFinished` hears the end of each
 * run, so the widget can load the real log once an answer has shown, never on the way to it. Before it is
 * attached, `records` and `toJSONL` give nothing (waiting records are not redacted yet).
 */
export function deferredRunLog(onRunFinished: () => void): DeferredRunLog {
  let waiting: RunLogRecord[] = [];
  let target: RunLog | undefined;
  return {
    attach(log) {
      target = log;
      for (const record of waiting) log.append(record);
      waiting = [];
    },
    append(record) {
      if (target) return target.append(record);
      waiting.push(record);
      if (record.kind === 'run.finish') onRunFinished();
    },
    records: (runId) => target?.records(runId) ?? [],
    toJSONL: (runId) => target?.toJSONL(runId) ?? '',
    clear() {
      waiting = [];
      target?.clear();
    },
  };
}
