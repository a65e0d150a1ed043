import { html, nothing, type TemplateResult } from 'lit';
import { format } from '../i18n/strings.js';
import { formatBytes } from '../shared/format-bytes.js';
import type { ViewContext } from '../shared/view-context.js';
import type { ModelLoadItem, ModelNoticeItem } from '../transcript-model/transcript.js';

/** Extra state the element keeps about a model download: stopped by the user, or too big for storage. */
export interface ModelLoadState {
  cancelled: boolean;
  /** Set when the storage quota check found too little room. */
  storageWarning?: string;
}

/**
 * A local model's download and compile progress: phase, bytes, a progress bar, Cancel while it loads
 * and Retry after it was cancelled or failed (when `ctx` has those actions; the knowledge base's
 * embedding model loads outside any run, so it has none).
 */
export function renderModelLoad(
  item: ModelLoadItem,
  state: ModelLoadState,
  ctx: Pick<ViewContext, 'strings'> & Partial<Pick<ViewContext, 'cancelModel' | 'retryModel'>>,
): TemplateResult {
  const { strings } = ctx;
  const label =
    item.phase === 'download'
      ? strings.downloading
      : item.phase === 'compile'
        ? strings.compiling
        : strings.modelReady;
  const loading = item.phase !== 'ready' && !state.cancelled;
  const bytes =
    item.loadedBytes !== undefined && item.totalBytes
      ? `${formatBytes(item.loadedBytes)} / ${formatBytes(item.totalBytes)}`
      : '';
  const percent = `${Math.round(item.fraction * 100)}%`;
  return html`<div part="model-progress" class="model-progress" data-phase=${item.phase}
    data-state=${state.cancelled ? 'cancelled' : item.phase === 'ready' ? 'ready' : 'loading'}>
    <div class="model-head">
      <span class="model-title">${format(label, { model: item.model })}</span>
      <span class="model-bytes">${bytes}${bytes ? ' · ' : ''}${percent}</span>
    </div>
    ${item.phase !== 'ready' ? html`<progress max="1" value=${item.fraction} aria-label=${format(label, { model: item.model })}></progress>` : nothing}
    ${item.text ? html`<div class="model-text">${item.text}</div>` : nothing}
    ${state.storageWarning ? html`<div class="stage-error" role="alert">${state.storageWarning}</div>` : nothing}
    ${loading && ctx.cancelModel ? html`<button type="button" part="model-cancel" @click=${ctx.cancelModel}>${strings.cancel}</button>` : nothing}
    ${state.cancelled && ctx.retryModel ? html`<button type="button" part="model-retry" @click=${ctx.retryModel}>${strings.retry}</button>` : nothing}
  </div>`;
}

/** Which model answers and why (e.g. the local model cannot run here, so the remote one is used). */
export function renderModelNotice(item: ModelNoticeItem, ctx: ViewContext): TemplateResult {
  return html`<p part="model-notice" class="model-notice">
    ${format(ctx.strings.modelDecided, { model: item.model, reason: item.reason })}
  </p>`;
}
