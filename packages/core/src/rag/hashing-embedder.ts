import type { Embedder } from './embedder.js';
import { keywordAnalyzer } from './keyword-analyzer.js';

/** Options of {@link hashingEmbedder}. */
export interface HashingEmbedderOptions {
  /** Vector length; default 256. */
  dimensions?: number;
}

/**
 * A model-free {@link Embedder}: stemmed words (and word pairs) hashed into a fixed-length vector.
 * It is lexical, not semantic — it knows no synonyms — but it is instant, deterministic and needs no
 * download, which suits tests, demos and pages that cannot load a model.
 */
export function hashingEmbedder(options: HashingEmbedderOptions = {}): Embedder {
  const dimensions = options.dimensions ?? 256;
  const analyze = keywordAnalyzer();
  const embedOne = (text: string) => {
    const vector = new Float32Array(dimensions);
    const terms = text
      .split(/[^\p{L}\p{N}]+/u)
      .map((word) => analyze(word))
      .filter((term): term is string => term !== null);
    const features = [...terms, ...terms.slice(1).map((term, i) => `${terms[i]} ${term}`)];
    for (const feature of features) {
      const h = fnv1a(feature);
      // The top bit picks the sign, so unrelated features cancel out rather than pile up.
      vector[h % dimensions] = vector[h % dimensions]! + (h & 0x80000000 ? -1 : 1);
    }
    return vector;
  };
  return {
    model: `hashing-${dimensions}`,
    embed: async (texts) => texts.map(embedOne),
  };
}

function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}
