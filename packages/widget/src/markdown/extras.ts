// What answers beyond plain Markdown need: math (inline-math.ts, math.ts; KaTeX itself is a further chunk),
// link and footnote definitions (markdown-references.ts) and diagrams (diagram-figure.ts; Mermaid is a
// further chunk). One lazy chunk, loaded by extras-loader.ts for the first text that may use one of them,
// so a plain first answer does not download it.
export { renderDiagram } from './diagram-figure.js';
export { mathAt } from './inline-math.js';
export { referencesOf } from './markdown-references.js';
export { takeMathWait } from './math.js';
