import type { EmbedderProgress } from './embedder.js';

/** Why the knowledge base searches as it does. */
export type SearchMode = 'hybrid' | 'keyword';

/** What a knowledge base reports while it works (pass `onEvent`). */
export type KnowledgeEvent =
  /** The search mode changed or was decided: keyword-only says why (no embedder, model failed). */
  | { type: 'knowledge.mode'; mode: SearchMode; reason?: string }
  | { type: 'knowledge.ingested'; documentId: string; source: string; chunks: number; cached: boolean }
  | { type: 'knowledge.removed'; documentIds: string[]; reason: 'removed' | 'expired' }
  /** The stored vector index was unusable (damaged, other model, incomplete) and was rebuilt from the documents. */
  | { type: 'knowledge.index.rebuilt'; reason: string; vectors: number }
  /** Part of the saved keyword index was unusable (a shard missing or damaged): it is rebuilt from the documents. */
  | { type: 'knowledge.keywords.rebuilt'; reason: string }
  | EmbedderProgress;
