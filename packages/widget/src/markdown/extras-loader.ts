// Loads the Markdown extras (extras.ts: math, reference links and footnotes, diagrams) for the first text
// that may use them. Until they are there such a text renders as plain Markdown (a formula as its TeX, a
// reference with its brackets, a diagram as its source), and the streaming renderer renders it again once
// they have loaded (takeExtrasWait).

type Extras = typeof import('./extras.js');

/** The extras once loaded (a live binding: the engine's renderers read it as they render). */
export let extras: Extras | undefined;
let loading: Promise<Extras> | undefined;
let waited = false;

/** A formula's delimiter, a definition or a Mermaid fence: what the extras render. */
const WANTS_EXTRAS = /\$|\\[[(]|\]:|^ {0,3}(?:```|~~~)\s*mermaid/m;

/** Loads the extras once (a failed load is tried again by the next text that wants them). */
export function loadExtras(): Promise<Extras> {
  loading ??= import('./extras.js').then(
    (loaded) => (extras = loaded),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** Starts loading the extras when `text` may need them and they are not there yet. */
export function wantExtras(text: string): void {
  if (extras || !WANTS_EXTRAS.test(text)) return;
  waited = true;
  void loadExtras().catch(() => {});
}

/**
 * When a text was rendered without the extras (or a formula without KaTeX) since the last call because
 * they were loading: a promise that resolves once they are there (render again then).
 */
export function takeExtrasWait(): Promise<unknown> | undefined {
  const math = extras?.takeMathWait();
  if (!waited) return math;
  waited = false;
  return loadExtras();
}
