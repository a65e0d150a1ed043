import type { ContentItem } from '@agent-chat/core';
import { html, nothing, type TemplateResult } from 'lit';
import { unsafeHTML } from 'lit/directives/unsafe-html.js';
import { renderChart } from './chart-view.js';
import { renderJson } from './json-view.js';
import { loadMarkdownEngine, markdownEngine } from './markdown.js';

/**
 * Renders one rich content item from a tool. Everything here is untrusted: text goes through Lit's
 * escaping, Markdown through DOMPurify, and HTML (MCP-App style widgets) only into a sandboxed iframe
 * with an opaque origin, so its scripts cannot touch the page, its cookies or storage.
 */
export function renderContent(item: ContentItem, onEngine: () => void): TemplateResult | typeof nothing {
  switch (item.kind) {
    case 'text':
      return html`<p part="content-text" class="content-text">${item.text}</p>`;
    case 'markdown': {
      const engine = markdownEngine();
      if (!engine) loadMarkdownEngine().then(onEngine, () => {});
      return html`<div part="content-markdown" class="markdown">
        ${engine ? unsafeHTML(engine.renderMarkdown(item.markdown)) : item.markdown}
      </div>`;
    }
    case 'image':
      return /^image\/[\w.+-]+$/.test(item.mimeType)
        ? html`<img part="content-image" class="content-image" alt=${item.alt ?? ''}
            src="data:${item.mimeType};base64,${item.data}" />`
        : nothing;
    case 'audio':
      return /^audio\/[\w.+-]+$/.test(item.mimeType)
        ? html`<audio part="content-audio" controls src="data:${item.mimeType};base64,${item.data}"></audio>`
        : nothing;
    case 'json':
      return renderJson(item.value);
    case 'table':
      return html`<div class="table-wrap"><table part="content-table">
        ${item.caption ? html`<caption>${item.caption}</caption>` : nothing}
        <thead><tr>${item.columns.map((c) => html`<th scope="col">${c}</th>`)}</tr></thead>
        <tbody>${item.rows.map((row) => html`<tr>${row.map((cell) => html`<td>${cellText(cell)}</td>`)}</tr>`)}</tbody>
      </table></div>`;
    case 'chart':
      return renderChart(item.chart);
    case 'resource':
      return html`<div part="content-resource" class="resource">
        <span class="resource-name">${item.name ?? item.uri}</span>
        ${item.text ? html`<pre>${item.text}</pre>` : nothing}
      </div>`;
    case 'html':
      // No allow-same-origin: the widget runs in an opaque origin and can only draw inside its frame.
      return html`<iframe part="content-html" class="content-html" sandbox="allow-scripts"
        title=${item.title ?? 'Tool widget'} srcdoc=${item.html}></iframe>`;
    default:
      return nothing;
  }
}

function cellText(cell: unknown): string {
  if (cell === null || cell === undefined) return '';
  return typeof cell === 'object' ? JSON.stringify(cell) : String(cell);
}
