// Setup file of the browser test projects: every IndexedDB connection a test opens is recorded with where
// it was opened, so a deletion it blocks fails at once naming it (deleteDatabase) instead of hanging.
import { trackIndexedDBConnections } from './indexeddb-cleanup.js';

trackIndexedDBConnections();
