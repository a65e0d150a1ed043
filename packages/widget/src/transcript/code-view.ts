import { html, type TemplateResult } from 'lit';
import { guard } from 'lit/directives/guard.js';
import { highlightCode, MAX_HIGHLIGHTED_CHARS } from '../markdown/highlight.js';

// Highlighted nodes by code: a stage re-renders many times while a run streams, highlighting once.
const highlighted = new Map<string, DocumentFragment>();
const pending = new Set<string>();

/**
 * Python source (the `python` tool's code in its stage) as a code block, highlighted once the highlighter
 * chunk has loaded (text nodes and spans, like answers); plain text until then.
 */
export function renderPythonCode(code: string, rerender: () => void): TemplateResult {
  const nodes = highlighted.get(code);
  // Each stage showing this code gets its own copy, made once per code (the guard).
  if (nodes)
    return html`<pre part="stage-code" class="stage-code"><code class="language-py">${guard([nodes], () => nodes.cloneNode(true))}</code></pre>`;
  if (code.length <= MAX_HIGHLIGHTED_CHARS && !pending.has(code)) {
    pending.add(code);
    highlightCode(code, 'py')
      .then((result) => {
        if (!result) return;
        if (highlighted.size > 50) highlighted.clear();
        highlighted.set(code, result.nodes);
        rerender();
      })
      .catch(() => {})
      .finally(() => pending.delete(code));
  }
  return html`<pre part="stage-code" class="stage-code"><code>${code}</code></pre>`;
}
