// Math in answers: TeX between `$…$` / `\(…\)` (inline) or `$$…$$` / `\[…\]` (display), typeset by KaTeX
// from a lazy chunk fetched when the first formula arrives (math-typeset.ts). KaTeX builds DOM nodes itself
// (`katex.render` creates elements, it never parses HTML), as MathML: the browser lays it out, so no
// stylesheet or font files are needed and nothing is asked of the page's Content-Security-Policy or Trusted
// Types. The nodes it made are then checked against an allowlist: an element or attribute outside it is
// removed.

type Typesetter = (tex: string, display: boolean) => HTMLElement;

let typesetter: Typesetter | undefined;
let loading: Promise<Typesetter> | undefined;
/** Whether a formula was shown as code since the last {@link takeMathWait}, because KaTeX had not loaded. */
let waited = false;

/** Loads KaTeX (its own chunk) once; a failed load is tried again by the next formula. */
function loadKatex(): Promise<Typesetter> {
  loading ??= Promise.all([import('./math-typeset.js'), import('katex')]).then(
    ([{ typeset }, { default: katex }]) => {
      typesetter = (tex, display) => typeset(katex, tex, display);
      return typesetter;
    },
    (error: unknown) => {
      loading = undefined;
      console.warn('<agent-chat>: the math typesetter could not be loaded; formulas stay as code.', error);
      throw error;
    },
  );
  return loading;
}

/**
 * When a formula was shown as code since the last call because KaTeX was still loading: a promise that
 * resolves once it has loaded (render again then) and rejects if it could not; otherwise undefined.
 */
export function takeMathWait(): Promise<void> | undefined {
  if (!waited) return undefined;
  waited = false;
  // A failed load leaves the formulas as code (no render loop); the next formula tries again.
  return loadKatex().then(() => {});
}

/** A formula that is not (yet) typeset: its TeX as code, with the delimiters the model wrote. */
function asCode(tex: string, open: string, close: string, error?: string): HTMLElement {
  const code = document.createElement('code');
  code.className = 'math-source';
  code.textContent = `${open}${tex}${close}`;
  if (error) code.title = error;
  return code;
}

/**
 * A formula as typeset MathML (`<span class="math">` or `math math-display`), or as code while KaTeX loads
 * and when it cannot parse the TeX (the error as the code's title).
 */
export function renderMath(tex: string, display: boolean, open: string, close: string): HTMLElement {
  if (!typesetter) {
    waited = true;
    void loadKatex().catch(() => {});
    return asCode(tex, open, close);
  }
  try {
    return typesetter(tex, display);
  } catch (error) {
    return asCode(tex, open, close, error instanceof Error ? error.message : String(error));
  }
}
