// Loaded with import() by default-store.ts: idb and core's IndexedDB store stay in a lazy chunk, so the
// script-tag file stays small and pages that pass their own .store or .agent never download them.
export { indexedDBStore } from '@agent-chat/core';
