import { redactSecrets } from './redact.js';

/** Kinds of run-log records. */
export type RunLogKind =
  | 'run.start'
  /** The user rated an answer (added by the widget, not by a run). */
  | 'feedback'
  | 'run.finish'
  | 'model.request'
  | 'model.response'
  | 'model.retry'
  | 'model.decided'
  | 'model.warning'
  | 'tool.call'
  | 'tool.result'
  | 'decision'
  | 'reflection'
  | 'workflow'
  | 'mcp.tools.loaded'
  | 'error';

/** One JSONL line of a run log. */
export interface RunLogRecord {
  kind: RunLogKind;
  /** Milliseconds since the epoch. */
  ts: number;
  runId: string;
  [field: string]: unknown;
}

/**
 * The port where a run writes what happened: every model request and response (with token usage),
 * tool call and result, decision and error. Records arrive already redacted.
 */
export interface RunLog {
  append(record: RunLogRecord): void;
  /** Every record kept, oldest first (optionally of one run). */
  records(runId?: string): RunLogRecord[];
  /** The records as JSON Lines, one record per line. */
  toJSONL(runId?: string): string;
  clear(): void;
}

/** Options of {@link memoryRunLog}. */
export interface MemoryRunLogOptions {
  /** Oldest records are dropped beyond this many; default 5 000. */
  maxRecords?: number;
  /** Exact strings to redact besides credential-shaped ones (e.g. an API key the page knows). */
  secrets?: string[];
}

/**
 * A {@link RunLog} kept in memory, redacting secrets on append.
 *
 * @example
 * const log = memoryRunLog();
 * const agent = createAgent({ model, runLog: log });
 * download(runLogFile(log)); // after a run
 */
export function memoryRunLog(options: MemoryRunLogOptions = {}): RunLog {
  const max = options.maxRecords ?? 5_000;
  const secrets = options.secrets ?? [];
  let records: RunLogRecord[] = [];
  const select = (runId?: string) => (runId ? records.filter((r) => r.runId === runId) : records.slice());
  return {
    append(record) {
      records.push(redactSecrets(record, secrets));
      if (records.length > max) records = records.slice(records.length - max);
    },
    records: select,
    toJSONL: (runId) =>
      select(runId)
        .map((record) => `${JSON.stringify(record)}\n`)
        .join(''),
    clear() {
      records = [];
    },
  };
}

/** The log as a downloadable JSON Lines file (`application/x-ndjson`). */
export function runLogFile(log: RunLog, name = 'agent-chat-run-log.jsonl', runId?: string): File {
  return new File([log.toJSONL(runId)], name, { type: 'application/x-ndjson' });
}
