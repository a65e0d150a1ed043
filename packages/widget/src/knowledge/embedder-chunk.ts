// Loaded with import() by knowledge-embedder.ts, only on pages with embedder="transformers": the embedder,
// its Web Worker and transformers.js stay out of agent-chat.js and out of the knowledge chunk.
export { transformersEmbedder } from '@agent-chat/core';
