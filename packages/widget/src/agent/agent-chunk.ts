// Loaded with import() by agent-source.ts (and preloaded when the element connects): the agent runtime
// (supervisor loop, OpenAI-compatible adapter, stream parsing) stays out of agent-chat.js, which then
// renders the chat before it has downloaded.

// The conversations' IndexedDB store (also loaded at connect by default-store.ts): reached from here too, so
// the build puts it in the chunk every first send shares with the remote agents' path, not in a file of its own.
export { indexedDBStore } from '../conversations/indexeddb-chunk.js';
export { showTranscriptNotice } from '../conversations/transcript-notice.js';
export { createProxyAgent, proxyModel } from './proxy-agent.js';
