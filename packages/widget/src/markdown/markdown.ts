// The loader of the Markdown engine; the engine and its streaming renderer (streaming-markdown.ts) are
// one lazy chunk.
type Engine = typeof import('./markdown-engine.js');

let engine: Engine | undefined;
let loading: Promise<Engine> | undefined;

/** The Markdown engine when it has loaded, else undefined (callers show plain text meanwhile). */
export function markdownEngine(): Engine | undefined {
  return engine;
}

/** Loads the Markdown engine (a separate chunk) once; resolves with the engine. */
export function loadMarkdownEngine(): Promise<Engine> {
  loading ??= import('./markdown-engine.js').then(
    (loaded) => {
      engine = loaded;
      return loaded;
    },
    (error: unknown) => {
      // Answers stay plain text; the next answer tries again (e.g. after a network hiccup).
      loading = undefined;
      console.warn('<agent-chat>: the Markdown engine could not be loaded; showing plain text.', error);
      throw error;
    },
  );
  return loading;
}

/**
 * Loads the Markdown engine ahead of the answer (called when a message is sent): fetching and compiling it
 * while the model thinks keeps that work out of the streaming frames, and the first tokens render as
 * Markdown at once instead of as plain text that is re-rendered later. The highlighter is loaded only when
 * an answer opens a code fence that names a language.
 */
export function preloadMarkdown(): void {
  loadMarkdownEngine().catch(() => {});
}
