import { html, nothing, type TemplateResult } from 'lit';
import { format } from '../i18n/strings.js';
import { formatDuration, previewJson, type ViewContext } from '../shared/view-context.js';
import { stageView } from '../tool-view/stage-view-directive.js';
import type { ViewRendering } from '../tool-view/view-slot.js';
import type { StageItem } from '../transcript-model/transcript.js';
import { lazyChunk } from './lazy-chunk.js';

/** A stage's rich content and progress bar (stage-content.ts), loaded with the first stage that has one. */
const contentViews = lazyChunk(() => import('./stage-content.js'));

const contentPending = html`<div class="stage-loading" aria-busy="true"></div>`;

/**
 * One tool call as a collapsible stage: "Using X" with a live progress bar while it runs, then "Used X"
 * or "X failed" with its duration; inside, the arguments, a preview of the result and rich content — or the
 * page's own element for the tool, when `tool-views` names one.
 */
export function renderStage(stage: StageItem, ctx: ViewContext): TemplateResult {
  return html`${stageView(stage, ctx, (view) => stageDetails(stage, ctx, view))}`;
}

function stageDetails(stage: StageItem, ctx: ViewContext, view: ViewRendering | undefined): TemplateResult {
  const { strings } = ctx;
  const own = view && 'view' in view ? view.view : undefined;
  // A call whose input streams or that waits on an approval (shown with its own view only) reads as running.
  const title =
    stage.status === 'done' ? strings.used : stage.status === 'failed' ? strings.failed : strings.using;
  const statusText =
    stage.status === 'done'
      ? strings.done
      : stage.status === 'failed'
        ? strings.failedStatus
        : strings.running;
  // A stage with an MCP App or the page's own view stays open: the app or view is the result.
  const app = own !== undefined || stage.content.some((item) => item.kind === 'mcp-app');
  return html`<details part="stage" class="stage" data-status=${stage.status} data-tool=${stage.name}
    ?open=${stage.status === 'running' || app || (!ctx.autoCollapse && !stage.restored)}>
    <summary part="stage-summary">
      <span class="stage-title">${format(title, { name: stage.name })}</span>
      <span class="stage-status">${statusText}</span>
      ${stage.durationMs !== undefined ? html`<span class="stage-duration">${formatDuration(stage.durationMs)}</span>` : nothing}
    </summary>
    ${stage.status === 'running' && stage.progress ? (contentViews(ctx.rerender)?.renderProgress(stage.progress) ?? nothing) : nothing}
    <div class="stage-body">
      ${view && 'notice' in view ? html`<p part="tool-view-notice" class="stage-error" role="status">${view.notice}</p>` : nothing}
      ${own ?? defaultBody(stage, ctx)}
      ${stage.content.length > 0 ? (contentViews(ctx.rerender)?.renderStageContent(stage, ctx, app, pythonCode(stage) !== undefined) ?? contentPending) : nothing}
    </div>
  </details>`;
}

/** The arguments, the error and a preview of the result. */
function defaultBody(stage: StageItem, ctx: ViewContext): TemplateResult {
  const { strings } = ctx;
  const code = pythonCode(stage);
  return html`<div class="stage-label">${strings.arguments}</div>
      ${
        code !== undefined
          ? (contentViews(ctx.rerender)?.renderPythonCode(code, ctx.rerender) ??
            html`<pre part="stage-code" class="stage-code"><code>${code}</code></pre>`)
          : html`<pre class="stage-args">${previewJson(stage.args, 600, 2)}</pre>`
      }
      ${stage.error ? html`<div class="stage-error">${stage.error}</div>` : nothing}
      ${
        stage.result !== undefined
          ? html`<div class="stage-label">${strings.result}</div><pre class="stage-result">${previewJson(stage.result)}</pre>`
          : nothing
      }`;
}

/** The code of a `python` tool call, shown as code instead of JSON arguments. */
function pythonCode(stage: StageItem): string | undefined {
  const code = (stage.args as { code?: unknown } | undefined)?.code;
  return stage.name === 'python' && typeof code === 'string' ? code : undefined;
}
