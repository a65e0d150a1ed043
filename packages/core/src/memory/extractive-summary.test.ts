import { describe, expect, it } from 'vitest';
import { extractiveSummary } from './extractive-summary.js';

describe('extractiveSummary', () => {
  it('describes JSON by its shape and first row, marked as extractive', () => {
    const rows = Array.from({ length: 40 }, (_, i) => ({ id: i, city: 'Lyon', total: i * 3 }));
    const summary = extractiveSummary(JSON.stringify(rows));
    expect(summary).toMatch(
      /^\(extractive summary of \d+ chars\) JSON array of 40 objects \{id, city, total\}; first: \{"id":0/,
    );
  });

  it('keeps the head, level counts and key lines of a log', () => {
    const log = [
      'sync started',
      ...Array.from({ length: 30 }, (_, i) => `INFO step ${i} ok`),
      'ERROR upload failed: timeout',
      'sync finished',
    ].join('\n');
    const summary = extractiveSummary(log);
    expect(summary).toContain('33 lines. sync started');
    expect(summary).toContain('30 INFO, 1 ERROR');
    expect(summary).toContain('ERROR upload failed: timeout');
    expect(summary).toContain('last: sync finished');
  });

  it('keeps the first sentence of prose and stays short', () => {
    const prose = `Returns cluster in Porto because of one courier. ${'More detail follows here. '.repeat(100)}`;
    const summary = extractiveSummary(prose);
    expect(summary).toContain('Returns cluster in Porto because of one courier.');
    expect(summary.length).toBeLessThan(420);
  });
});
