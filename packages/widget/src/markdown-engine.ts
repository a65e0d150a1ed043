// The Markdown engine: marked + DOMPurify. Loaded on first use as its own chunk (see markdown.ts), so the
// script-tag file stays small and pages that never show an answer never pay for it.
import DOMPurify from 'dompurify';
import { marked, type Token } from 'marked';

const SAFE_URL = /^(?:https?:|mailto:|#|\/|\.\/|\.\.\/)/i;

const purify = DOMPurify();
purify.addHook('afterSanitizeAttributes', (node) => {
  if (node instanceof HTMLAnchorElement) {
    // Links from model output open in a new tab and cannot reach back into the page.
    if (!SAFE_URL.test(node.getAttribute('href') ?? '')) node.removeAttribute('href');
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer nofollow');
  }
  if (node instanceof HTMLImageElement) {
    // A remote image in model output can carry data out of the page in its URL (prompt injection):
    // only inline images load; others become their alt text.
    const src = node.getAttribute('src') ?? '';
    if (!/^data:image\/(?:png|jpeg|gif|webp);/i.test(src)) {
      node.removeAttribute('src');
      node.setAttribute('alt', node.getAttribute('alt') || src);
    }
  }
});

/** The block tokens of a Markdown text (GitHub flavour). */
export function lexBlocks(markdown: string): Token[] {
  return marked.lexer(markdown, { gfm: true });
}

/** Untrusted Markdown tokens → sanitized HTML: no scripts, event handlers, styles, forms or `javascript:` URLs. */
export function renderTokens(tokens: Token[]): string {
  const html = marked.parser(tokens, { gfm: true }).trim();
  return purify.sanitize(html, {
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'object', 'embed'],
    FORBID_ATTR: ['style'],
  });
}

/** Highlighter markup sanitized like everything else: only spans with classes survive. */
export function sanitizeHighlighted(markup: string): string {
  return purify.sanitize(markup, { ALLOWED_TAGS: ['span'], ALLOWED_ATTR: ['class'] });
}

/** A code block from sanitized highlighter markup (see {@link sanitizeHighlighted}). */
export function codeBlockHtml(sanitized: string, language: string): string {
  return `<pre><code class="language-${language.replace(/[^\w-]/g, '')}">${sanitized}</code></pre>`;
}

/** Untrusted Markdown → sanitized HTML. */
export function renderMarkdown(markdown: string): string {
  return renderTokens(lexBlocks(markdown));
}
