import { html, type TemplateResult } from 'lit';

const MAX_DEPTH = 6;
const MAX_ENTRIES = 100;

/** A collapsible, read-only JSON tree (nested `<details>`), safe for untrusted values: all text, no HTML. */
export function renderJson(value: unknown): TemplateResult {
  return html`<div part="content-json" class="json">${node(value, 0)}</div>`;
}

function node(value: unknown, depth: number): TemplateResult {
  if (value === null || typeof value !== 'object')
    return html`<span class="json-${value === null ? 'null' : typeof value}">${JSON.stringify(value) ?? String(value)}</span>`;
  const entries = Array.isArray(value)
    ? value.map((v, i) => [String(i), v] as const)
    : Object.entries(value as Record<string, unknown>);
  const open = Array.isArray(value) ? '[' : '{';
  if (depth >= MAX_DEPTH) return html`<span>${open}…</span>`;
  const shown = entries.slice(0, MAX_ENTRIES);
  return html`<details ?open=${depth < 2}>
    <summary>${open} ${entries.length} ${Array.isArray(value) ? 'items' : 'keys'}</summary>
    <ul>
      ${shown.map(([key, v]) => html`<li><span class="json-key">${key}</span>: ${node(v, depth + 1)}</li>`)}
      ${entries.length > shown.length ? html`<li>… ${entries.length - shown.length} more</li>` : ''}
    </ul>
  </details>`;
}
