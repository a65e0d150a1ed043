// Runs after every widget test (a setup file of the test project): the page, stubbed globals and spies
// go back to how they were. localStorage too: the default store keeps conversations in IndexedDB under an
// id kept there, so without it the next element would restore this test's conversation. IndexedDB
// connections are tracked, so a deletion one of them blocks fails at once naming where it was opened.
import { trackIndexedDBConnections } from '@agent-chat/core/test';
import { afterEach, vi } from 'vitest';

trackIndexedDBConnections();

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.body.replaceChildren();
});
