import { html, type TemplateResult } from 'lit';
import { unsafeHTML } from 'lit/directives/unsafe-html.js';
import { highlightCode, MAX_HIGHLIGHTED_CHARS } from './highlight.js';
import { loadMarkdownEngine } from './markdown.js';

// Highlighted markup by code: a stage re-renders many times while a run streams, highlighting once.
const highlighted = new Map<string, string>();
const pending = new Set<string>();

/**
 * Python source (the `python` tool's code in its stage) as a code block, highlighted once the Markdown
 * engine and the highlighter chunk have loaded (sanitized like answers); plain text until then.
 */
export function renderPythonCode(code: string, rerender: () => void): TemplateResult {
  const markup = highlighted.get(code);
  if (markup !== undefined)
    return html`<pre part="stage-code" class="stage-code"><code class="language-py">${unsafeHTML(markup)}</code></pre>`;
  if (code.length <= MAX_HIGHLIGHTED_CHARS && !pending.has(code)) {
    pending.add(code);
    loadMarkdownEngine()
      .then((engine) => highlightCode(code, 'py', engine.sanitizeHighlighted))
      .then((result) => {
        if (highlighted.size > 50) highlighted.clear();
        highlighted.set(code, result);
        rerender();
      })
      .catch(() => {})
      .finally(() => pending.delete(code));
  }
  return html`<pre part="stage-code" class="stage-code"><code>${code}</code></pre>`;
}
