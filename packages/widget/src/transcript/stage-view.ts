import { html, nothing, type TemplateResult } from 'lit';
import { repeat } from 'lit/directives/repeat.js';
import { format } from '../i18n/strings.js';
import { renderMcpApp } from '../mcp/apps/mcp-app-view.js';
import { formatDuration, previewJson, type ViewContext } from '../shared/view-context.js';
import { stageView } from '../tool-view/stage-view-directive.js';
import type { ViewRendering } from '../tool-view/view-slot.js';
import type {
  StageItem,
  ToolsLoadedItem,
  WorkflowItem,
  WorkflowStepView,
} from '../transcript-model/transcript.js';
import { renderWidgetContent } from '../ui-widget/widget-content-view.js';
import { renderPythonCode } from './code-view.js';
import { renderContent } from './content-view.js';

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
    ${stage.status === 'running' && stage.progress ? renderProgress(stage.progress) : nothing}
    <div class="stage-body">
      ${view && 'notice' in view ? html`<p part="tool-view-notice" class="stage-error" role="status">${view.notice}</p>` : nothing}
      ${own ?? defaultBody(stage, ctx)}
      ${stage.content.map((item) =>
        // In an app's stage the text item is the result shown above: not twice.
        app && item.kind === 'text'
          ? nothing
          : item.kind === 'mcp-app'
            ? renderMcpApp(item, stage.id, ctx)
            : item.kind === 'widget'
              ? renderWidgetContent(item, stage, ctx)
              : // Program output keeps its spacing (printed tables line up).
                item.kind === 'text' && pythonCode(stage) !== undefined
                ? html`<pre part="stage-output" class="stage-output">${item.text}</pre>`
                : html`<div class="content">${renderContent(item, ctx.rerender)}</div>`,
      )}
    </div>
  </details>`;
}

/** The arguments, the error and a preview of the result. */
function defaultBody(stage: StageItem, ctx: ViewContext): TemplateResult {
  const { strings } = ctx;
  return html`<div class="stage-label">${strings.arguments}</div>
      ${
        pythonCode(stage) !== undefined
          ? renderPythonCode(pythonCode(stage)!, ctx.rerender)
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

function renderProgress(progress: NonNullable<StageItem['progress']>): TemplateResult {
  const max = progress.total ?? (progress.progress <= 1 ? 1 : undefined);
  const label = max ? `${Math.round((progress.progress / max) * 100)}%` : String(progress.progress);
  return html`<div class="stage-progress">
    <progress part="stage-progress" max=${max ?? nothing} value=${max ? progress.progress : nothing}
      aria-label=${progress.message ?? label}></progress>
    <span class="progress-text">${progress.message ? `${progress.message} · ` : ''}${label}</span>
  </div>`;
}

/**
 * A workflow plan: the goal, then its steps grouped as they run (a group of several runs in parallel),
 * each step with its dependencies, status and the tool calls made for it.
 */
export function renderWorkflow(flow: WorkflowItem, ctx: ViewContext): TemplateResult {
  const { strings } = ctx;
  const byId = new Map(flow.steps.map((s) => [s.id, s]));
  return html`<details part="workflow" class="workflow" data-status=${flow.status}
    ?open=${flow.status === 'running' || !ctx.autoCollapse}>
    <summary part="workflow-summary">
      <span class="stage-title">${format(strings.workflow, { goal: flow.goal })}</span>
      <span class="stage-status">${flow.status === 'running' ? strings.running : flow.status}</span>
      ${flow.durationMs !== undefined ? html`<span class="stage-duration">${formatDuration(flow.durationMs)}</span>` : nothing}
    </summary>
    <ol class="batches">
      ${flow.batches.map(
        (batch, index) => html`<li part="workflow-batch" class="batch" data-parallel=${batch.length > 1}>
          ${batch.length > 1 ? html`<div class="batch-label">${format(strings.parallel, { n: index + 1 })}</div>` : nothing}
          <div class="batch-steps">
            ${batch.map((id) => {
              const step = byId.get(id);
              return step ? renderStep(step, flow, ctx) : nothing;
            })}
          </div>
        </li>`,
      )}
    </ol>
  </details>`;
}

function renderStep(step: WorkflowStepView, flow: WorkflowItem, ctx: ViewContext): TemplateResult {
  const calls = ctx.items.filter(
    (item): item is StageItem =>
      item.kind === 'stage' && item.runId === flow.runId && item.stepId === step.id,
  );
  return html`<div part="workflow-step" class="step" data-status=${step.status} data-step=${step.id}>
    <div class="step-head">
      <span class="step-name">${step.name}</span>
      <code class="step-tool">${step.tool}</code>
      ${step.dependsOn.length ? html`<span class="step-deps">${format(ctx.strings.after, { steps: step.dependsOn.join(', ') })}</span>` : nothing}
      <span class="stage-status">${step.status}</span>
      ${step.durationMs !== undefined ? html`<span class="stage-duration">${formatDuration(step.durationMs)}</span>` : nothing}
    </div>
    ${step.error ? html`<div class="stage-error">${step.error}</div>` : nothing}
    ${repeat(
      calls,
      (c) => c.id,
      (c) => renderStage(c, ctx),
    )}
  </div>`;
}

/**
 * MCP tools the model loaded (lazy loading) as a finished stage: which tools, at which model turn, and
 * whether it asked for them (`load_tools`) or called one first.
 */
export function renderToolsLoaded(item: ToolsLoadedItem, ctx: ViewContext): TemplateResult {
  const { strings } = ctx;
  const title = item.via === 'call' ? strings.toolsLoadedOnCall : strings.toolsLoaded;
  return html`<details part="stage stage-tools-loaded" class="stage tools-loaded" data-status="done"
    data-via=${item.via} ?open=${!ctx.autoCollapse}>
    <summary part="stage-summary">
      <span class="stage-title">${format(title, { count: item.names.length })}</span>
      <span class="stage-status">${format(strings.atTurn, { turn: item.turn })}</span>
    </summary>
    <ul class="stage-body loaded-tools">
      ${item.names.map((name) => html`<li><code>${name}</code></li>`)}
    </ul>
  </details>`;
}
