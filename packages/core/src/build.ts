// `@agent-chat/core/build`: the Node side of built knowledge indexes (file system, command line).
// The index format and `buildKnowledgeIndex` (documents in memory → files) are in the main entry too.

export {
  type BuildKnowledgeOptions,
  type BuildKnowledgeResult,
  buildKnowledge,
} from './rag/built/build-knowledge.js';
export {
  type BuildKnowledgeIndexOptions,
  type BuiltKnowledgeIndex,
  buildKnowledgeIndex,
} from './rag/built/build-knowledge-index.js';
export { runKnowledgeCli } from './rag/built/knowledge-cli.js';
export { type KnowledgeSourcesOptions, knowledgeSources } from './rag/built/knowledge-sources.js';
