import { AgentChatError } from '../errors.js';

/** A stored vector index failed its integrity checks; the knowledge base rebuilds it from its documents. */
export class IndexCorruptError extends AgentChatError {
  /** What was wrong, e.g. `checksum mismatch`. */
  readonly detail: string;

  constructor(detail: string, cause?: unknown) {
    super(
      'index_corrupt',
      `The stored vector index is damaged (${detail}); it will be rebuilt from the stored documents, or call knowledgeBase.rebuild().`,
      { cause },
    );
    this.detail = detail;
  }
}

/** A vector, document or query given to the RAG API is unusable; the message says what to change. */
export class RagInputError extends AgentChatError {
  constructor(message: string) {
    super('invalid_input', message);
  }
}

/** A document could not be read into text (bad PDF, unsupported type). */
export class IngestError extends AgentChatError {
  constructor(message: string, cause?: unknown) {
    super('ingest_failed', message, { cause });
  }
}

/** The embedding model failed to load or to embed; search falls back to keywords. */
export class EmbeddingError extends AgentChatError {
  constructor(message: string, cause?: unknown) {
    super('embedding_failed', message, { cause, isRetryable: true });
  }
}
