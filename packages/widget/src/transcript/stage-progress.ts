import { html, nothing, type TemplateResult } from 'lit';
import type { StageItem } from '../transcript-model/transcript.js';

/** A running call's progress (an MCP tool's, or a page tool's `progress` emissions), as a bar and its words. */
export function renderProgress(progress: NonNullable<StageItem['progress']>): TemplateResult {
  const max = progress.total ?? (progress.progress <= 1 ? 1 : undefined);
  const label = max ? `${Math.round((progress.progress / max) * 100)}%` : String(progress.progress);
  return html`<div class="stage-progress">
    <progress part="stage-progress" max=${max ?? nothing} value=${max ? progress.progress : nothing}
      aria-label=${progress.message ?? label}></progress>
    <span class="progress-text">${progress.message ? `${progress.message} · ` : ''}${label}</span>
  </div>`;
}
