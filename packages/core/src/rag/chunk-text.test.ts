import { describe, expect, it } from 'vitest';
import { chunkText, splitSections } from './chunk-text.js';
import { RagInputError } from './rag-errors.js';

const words = (n: number, word = 'lorem') => Array.from({ length: n }, (_, i) => `${word}${i}`).join(' ');

describe('chunkText', () => {
  it('keeps short sections whole and never crosses a heading', () => {
    const text = `# Install\nRun the installer.\n## Linux\nUse apt.\n# Usage\nCall it.`;
    const chunks = chunkText('doc', text);
    expect(chunks.map((c) => [c.section, c.text])).toEqual([
      ['Install', '# Install\nRun the installer.'],
      ['Install > Linux', '## Linux\nUse apt.'],
      ['Usage', '# Usage\nCall it.'],
    ]);
    expect(chunks.map((c) => c.id)).toEqual(['doc#0', 'doc#1', 'doc#2']);
    expect(text.slice(chunks[1]!.start, chunks[1]!.end)).toBe(chunks[1]!.text);
  });

  it('cuts long text at sentence or word breaks within the size, with about the requested overlap', () => {
    const text = Array.from({ length: 40 }, (_, i) => `Sentence number ${i} says something useful.`).join(
      ' ',
    );
    const chunks = chunkText('d', text, { size: 200, overlap: 40 });
    expect(chunks.length).toBeGreaterThan(5);
    for (const chunk of chunks) {
      expect(chunk.text.length).toBeLessThanOrEqual(200);
      expect(text.slice(chunk.start, chunk.end)).toBe(chunk.text);
    }
    for (const chunk of chunks.slice(0, -1)) expect(chunk.text.endsWith('.')).toBe(true);
    // Each chunk starts inside the previous one (overlap) and the chunks cover the whole text.
    for (let i = 1; i < chunks.length; i++) {
      expect(chunks[i]!.start).toBeLessThan(chunks[i - 1]!.end);
      expect(chunks[i - 1]!.end - chunks[i]!.start).toBeLessThanOrEqual(40);
    }
    expect(chunks.at(-1)!.end).toBe(text.length);
  });

  it('makes progress on text without any break', () => {
    const chunks = chunkText('d', 'x'.repeat(1200), { size: 500, overlap: 50 });
    expect(chunks.map((c) => c.text.length)).toEqual([500, 500, 200]);
    // With words, chunks start at word starts, never inside a word.
    const text = words(300);
    for (const chunk of chunkText('d', text))
      expect(chunk.start === 0 || text[chunk.start - 1] === ' ').toBe(true);
  });

  it('rejects sizes that cannot work', () => {
    expect(() => chunkText('d', 'x', { size: 10 })).toThrow(RagInputError);
    expect(() => chunkText('d', 'x', { size: 100, overlap: 60 })).toThrow(/chunkOverlap/);
  });

  it('splitSections gives heading paths', () => {
    expect(splitSections('intro\n# A\n### C\ntext').map((s) => s.path)).toEqual([undefined, 'A', 'A > C']);
  });
});
