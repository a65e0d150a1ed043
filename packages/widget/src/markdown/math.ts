// Math in answers: TeX between `$…$` / `\(…\)` (inline) or `$$…$$` / `\[…\]` (display), typeset by KaTeX
// from a lazy chunk fetched when the first formula arrives. KaTeX builds DOM nodes itself (`katex.render`
// creates elements, it never parses HTML), as MathML: the browser lays it out, so no stylesheet or font
// files are needed and nothing is asked of the page's Content-Security-Policy or Trusted Types. The nodes it
// made are then checked against an allowlist: an element or attribute outside it is removed.

type Katex = typeof import('katex').default;

let katex: Katex | undefined;
let loading: Promise<Katex> | undefined;
/** Whether a formula was shown as code since the last {@link takeMathWait}, because KaTeX had not loaded. */
let waited = false;

/** Loads KaTeX (its own chunk) once; a failed load is tried again by the next formula. */
function loadKatex(): Promise<Katex> {
  loading ??= import('katex').then(
    (loaded) => {
      katex = loaded.default;
      return katex;
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

const MATHML = new Set(
  'math semantics annotation mrow mi mn mo ms mtext mspace msup msub msubsup mfrac msqrt mroot mstyle mpadded mphantom menclose mover munder munderover mtable mtr mtd mlabeledtr merror'.split(
    ' ',
  ),
);
const ATTRIBUTES = new Set(
  'class xmlns display encoding mathvariant mathcolor mathbackground mathsize stretchy fence separator lspace rspace minsize maxsize symmetric largeop movablelimits accent accentunder width height depth voffset linethickness columnalign rowalign columnspacing rowspacing columnlines rowlines frame framespacing displaystyle scriptlevel notation aria-hidden'.split(
    ' ',
  ),
);

/** Keeps only MathML elements (and KaTeX's wrapping span) with allowlisted attributes under `root`. */
function keepSafe(root: Element): void {
  for (const element of [...root.querySelectorAll('*')]) {
    if (!MATHML.has(element.localName) && element.localName !== 'span') {
      element.remove();
      continue;
    }
    for (const { name } of [...element.attributes]) if (!ATTRIBUTES.has(name)) element.removeAttribute(name);
  }
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
 * and when it cannot parse the TeX (the error as the code's title). `\href`, `\url`, `\html…` and
 * `\includegraphics` are refused (KaTeX's `trust: false`); macros are bounded (`maxExpand`).
 */
export function renderMath(tex: string, display: boolean, open: string, close: string): HTMLElement {
  if (!katex) {
    waited = true;
    void loadKatex().catch(() => {});
    return asCode(tex, open, close);
  }
  const box = document.createElement('span');
  box.className = display ? 'math math-display' : 'math';
  try {
    katex.render(tex, box, {
      output: 'mathml',
      displayMode: display,
      throwOnError: true,
      trust: false,
      strict: 'ignore',
      maxSize: 20,
      maxExpand: 500,
    });
  } catch (error) {
    return asCode(tex, open, close, error instanceof Error ? error.message : String(error));
  }
  keepSafe(box);
  return box;
}
