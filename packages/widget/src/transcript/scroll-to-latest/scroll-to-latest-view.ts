// Loaded with import() by scroll-to-latest-loader.ts the first time a reader scrolls up during an answer.
import { css, html, type TemplateResult } from 'lit';
import type { WidgetHost } from '../../shared/widget-host.js';

const TEXTS: Record<string, string> = {
  en: 'Jump to latest',
  fr: 'Aller au plus récent',
  de: 'Zum Neuesten springen',
};

const styles = css`
  .scroll-to-latest {
    position: relative;
    z-index: 1;
    align-self: center;
    margin: -2.5rem 0 0.5rem;
    padding: 0.25rem 0.75rem;
    font-size: 0.875em;
    color: var(--_fg);
    background: var(--_bg);
    border-color: var(--_border);
    box-shadow: 0 2px 6px rgb(0 0 0 / 0.2);
  }
`;

/**
 * "Jump to latest" (part `scroll-to-latest`): shown while an answer streams below a reader who scrolled
 * up; the log itself never moves them.
 */
export function renderScrollToLatest(host: WidgetHost, jump: () => void): TemplateResult {
  const root = host.renderRoot as ShadowRoot;
  if (!root.adoptedStyleSheets.includes(styles.styleSheet!))
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, styles.styleSheet!];
  const label =
    host.strings?.jumpToLatest ?? TEXTS[(host.lang ?? '').toLowerCase().split('-')[0] ?? ''] ?? TEXTS.en!;
  return html`<button type="button" part="scroll-to-latest" class="scroll-to-latest" @click=${jump}>↓ ${label}</button>`;
}
