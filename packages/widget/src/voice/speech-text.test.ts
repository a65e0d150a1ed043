import { describe, expect, it } from 'vitest';
import { speechPieces } from './speech-text.js';

const spoken = { codeSpoken: 'A code block.', tableSpoken: 'A table with {rows} rows.' };

describe('speechPieces', () => {
  it('summarises code blocks and tables and drops Markdown marks', () => {
    const answer = [
      '## Result',
      '',
      'Use **`sum`** from [the docs](https://example.com).',
      '',
      '```python',
      'print(sum([1, 2, 3]))',
      '```',
      '',
      '| a | b |',
      '|---|---|',
      '| 1 | 2 |',
      '| 3 | 4 |',
      '',
      '- first',
      '- second',
    ].join('\n');
    const pieces = speechPieces(answer, spoken);
    expect(pieces).toEqual([
      'Result',
      'Use sum from the docs.',
      'A code block.',
      'A table with 2 rows.',
      'first',
      'second',
    ]);
    expect(pieces.join(' ')).not.toContain('print');
  });

  it('splits long paragraphs at sentence ends', () => {
    const long = `${'This is a sentence that goes on. '.repeat(10)}End`;
    const pieces = speechPieces(long, spoken);
    expect(pieces.length).toBeGreaterThan(5);
    expect(pieces.every((p) => p.length <= 200)).toBe(true);
  });

  it('reads an unterminated code fence as code, not as text', () => {
    expect(speechPieces('Look:\n```js\nalert(1)', spoken)).toEqual(['Look:', 'A code block.']);
  });
});
