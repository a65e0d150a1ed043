// Runs after every widget test (a setup file of the test project): the page, stubbed globals and spies
// go back to how they were. localStorage too: the default store keeps conversations in IndexedDB under an
// id kept there, so without it the next element would restore this test's conversation.
import { afterEach, vi } from 'vitest';

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.body.replaceChildren();
});
