import { memoryRunLog, type RunLogRecord } from '@agent-chat/core';
import { describe, expect, it } from 'vitest';
import { deferredRunLog } from './deferred-run-log.js';

const record = (kind: RunLogRecord['kind'], extra: Record<string, unknown> = {}): RunLogRecord => ({
  kind,
  ts: 1,
  runId: 'r1',
  ...extra,
});

describe('the run log before its chunk has loaded', () => {
  it('keeps records in order until a log is attached, says when a run finished, then passes them on redacted', () => {
    let finished = 0;
    const deferred = deferredRunLog(() => finished++);
    deferred.append(record('run.start', { conversationId: 'c1' }));
    deferred.append(record('model.request', { apiKey: 'sk-abcdefghijklmnopqrstuvwxyz123456' }));
    expect(finished).toBe(0);
    deferred.append(record('run.finish'));
    expect(finished).toBe(1);
    // Waiting records are not redacted yet, so none is shown before the log is attached.
    expect(deferred.records()).toEqual([]);
    expect(deferred.toJSONL()).toBe('');

    const target = memoryRunLog();
    deferred.attach(target);
    expect(target.records().map((r) => r.kind)).toEqual(['run.start', 'model.request', 'run.finish']);
    expect(JSON.stringify(target.records())).not.toContain('sk-abcdefghijklmnopqrstuvwxyz123456');

    deferred.append(record('run.start', { runId: 'r2' }));
    deferred.append(record('run.finish', { runId: 'r2' }));
    expect(deferred.records('r2').map((r) => r.kind)).toEqual(['run.start', 'run.finish']);
    // Once attached, nothing waits, so finished runs no longer ask for the log to be loaded.
    expect(finished).toBe(1);
  });
});
