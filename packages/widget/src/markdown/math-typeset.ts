// Typesetting with KaTeX and checking what it made: a lazy chunk loaded with KaTeX's (math.ts), which
// Mermaid's chunks share.
type Katex = typeof import('katex').default;

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

/**
 * TeX as typeset MathML in a `<span class="math">` (`math math-display` for display); throws KaTeX's
 * ParseError when it cannot parse it. `\\href`, `\\url`, `\\html…` and `\\includegraphics` are refused
 * (`trust: false`); macro expansion is bounded (`maxExpand`).
 */
export function typeset(katex: Katex, tex: string, display: boolean): HTMLElement {
  const box = document.createElement('span');
  box.className = display ? 'math math-display' : 'math';
  katex.render(tex, box, {
    output: 'mathml',
    displayMode: display,
    throwOnError: true,
    trust: false,
    strict: 'ignore',
    maxSize: 20,
    maxExpand: 500,
  });
  keepSafe(box);
  return box;
}
