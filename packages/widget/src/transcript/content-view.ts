import type { ContentItem } from '@agent-chat/core';
import { html, nothing, type TemplateResult } from 'lit';
import { guard } from 'lit/directives/guard.js';
import { loadMarkdownEngine, markdownEngine } from '../markdown/markdown.js';
import { renderJson } from './json-view.js';

let charts: typeof import('./chart-view.js') | undefined;
let loadingCharts: Promise<void> | undefined;

function loadCharts(): Promise<void> {
  loadingCharts ??= import('./chart-view.js').then(
    (loaded) => {
      charts = loaded;
    },
    (error: unknown) => {
      loadingCharts = undefined;
      throw error;
    },
  );
  return loadingCharts;
}

/**
 * Renders one rich content item from a tool. Everything here is untrusted: text goes through Lit's
 * escaping, Markdown through the engine that builds DOM nodes from an allowlist, and HTML (MCP-App style widgets) only into a sandboxed iframe
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
        ${engine ? guard([item.markdown], () => engine.renderMarkdown(item.markdown)) : item.markdown}
      </div>`;
    }
    case 'image':
      return /^image\/[\w.+-]+$/.test(item.mimeType) ? renderImage(item) : nothing;
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
      // A chunk of its own (SVG charts), loaded with the first chart.
      if (!charts) loadCharts().then(onEngine, () => {});
      return charts
        ? charts.renderChart(item.chart)
        : html`<div class="stage-loading" aria-busy="true"></div>`;
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
      // Drawn by their own lazy views; a new content kind must be rendered above or listed here.
      item satisfies { kind: 'mcp-app' | 'widget' };
      return nothing;
  }
}

function cellText(cell: unknown): string {
  if (cell === null || cell === undefined) return '';
  return typeof cell === 'object' ? JSON.stringify(cell) : String(cell);
}

// Raster images open in a tab; an SVG never does: a blob URL has the page's origin, and an SVG document
// there would run its scripts as the page.
const OPENABLE = /^image\/(png|jpeg|gif|webp)$/;

/** An image with "Open" (full size, in a new tab through a blob URL: tabs refuse data: URLs) and "Download". */
function renderImage(item: Extract<ContentItem, { kind: 'image' }>): TemplateResult {
  const src = `data:${item.mimeType};base64,${item.data}`;
  const extension = item.mimeType.split('/')[1]?.split('+')[0] ?? 'png';
  const open = (event: Event) => {
    event.preventDefault();
    const bytes = Uint8Array.from(atob(item.data), (c) => c.charCodeAt(0));
    const url = URL.createObjectURL(new Blob([bytes], { type: item.mimeType }));
    window.open(url, '_blank', 'noopener');
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  };
  return html`<figure part="content-figure" class="content-figure">
    <img part="content-image" class="content-image" alt=${item.alt ?? ''} src=${src} />
    <figcaption class="image-actions">
      ${OPENABLE.test(item.mimeType) ? html`<a part="image-open" href=${src} @click=${open}>Open</a>` : nothing}
      <a part="image-download" href=${src} download=${`image.${extension}`}>Download</a>
    </figcaption>
  </figure>`;
}
