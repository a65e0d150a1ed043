import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { EmbedderProgress } from './embedder.js';
import { createKnowledgeBase } from './knowledge-base.js';
import type { KnowledgeEvent } from './knowledge-events.js';
import { EmbeddingError } from './rag-errors.js';
import { transformersEmbedder } from './transformers-embedder.js';

// The tiny BERT-shaped model from scripts/make-tiny-bert.py: real tokenizer and ONNX Runtime, no meaning.
const localModelPath = fileURLToPath(new URL('./fixtures/', import.meta.url));
const tiny = () =>
  transformersEmbedder({
    model: 'tiny-bert',
    dtype: 'fp32',
    localModelPath,
    allowRemoteModels: false,
    worker: false,
  });

describe('transformersEmbedder (in-thread, ONNX Runtime for Node)', () => {
  it('embeds texts into unit vectors, deterministically, reporting load progress', async () => {
    const embedder = tiny();
    const progress: EmbedderProgress[] = [];
    embedder.onProgress!((p) => progress.push(p));
    const [a, b, again] = await embedder.embed(['the night train', 'harbour refund', 'the night train']);
    expect(a).toHaveLength(16);
    expect(Math.hypot(...a!)).toBeCloseTo(1, 5);
    expect(Array.from(again!)).toEqual(Array.from(a!));
    expect(Array.from(b!)).not.toEqual(Array.from(a!));
    expect(progress[0]).toMatchObject({ type: 'model.loading', model: 'tiny-bert', phase: 'download' });
    expect(progress.at(-1)).toEqual({
      type: 'model.loading',
      model: 'tiny-bert',
      phase: 'ready',
      fraction: 1,
    });
    expect(embedder.model).toBe('tiny-bert@fp32');
  });

  it('fails with EmbeddingError naming the model, and a knowledge base then searches by keywords', async () => {
    const missing = transformersEmbedder({
      model: 'no-such-model',
      localModelPath,
      allowRemoteModels: false,
      worker: false,
    });
    await expect(missing.embed(['x'])).rejects.toBeInstanceOf(EmbeddingError);
    await expect(missing.embed(['x'])).rejects.toThrow(/no-such-model/);

    const events: KnowledgeEvent[] = [];
    const kb = createKnowledgeBase({ embedder: missing, onEvent: (e) => events.push(e) });
    await kb.add({ source: 'a.txt', content: 'The harbour opens at six.' });
    const result = await kb.search('harbour');
    expect(result.mode).toBe('keyword');
    expect(result.hits).toHaveLength(1);
    expect(events.find((e) => e.type === 'knowledge.mode' && e.mode === 'keyword')).toBeTruthy();
  });

  it('feeds a knowledge base in hybrid mode', async () => {
    const kb = createKnowledgeBase({ embedder: tiny() });
    await kb.add({
      source: 'b.md',
      content: '# Trains\nThe night train leaves at ten.\n# Port\nThe harbour opens at six.',
    });
    const result = await kb.search('night train');
    expect(result.mode).toBe('hybrid');
    expect(result.hits[0]).toMatchObject({ section: 'Trains', keywordRank: 1 });
    expect(result.hits[0]!.vectorRank).toBeDefined();
  });
});
