// Workflow plans and the tools a model loaded: views of work a page tool's first call never shows, in the lazy
// work-views chunk (with model downloads and reasoning), not the stage views' chunk.
import { html, nothing, type TemplateResult } from 'lit';
import { repeat } from 'lit/directives/repeat.js';
import { format } from '../i18n/strings.js';
import { formatDuration, type ViewContext } from '../shared/view-context.js';
import type {
  StageItem,
  ToolsLoadedItem,
  WorkflowItem,
  WorkflowStepView,
} from '../transcript-model/transcript.js';

/** Draws a tool call's stage (stage-view.ts, in the stage views' chunk). */
export type RenderStage = (stage: StageItem, ctx: ViewContext) => TemplateResult;

/**
 * A workflow plan: the goal, then its steps grouped as they run (a group of several runs in parallel),
 * each step with its dependencies, status and the tool calls made for it.
 */
export function renderWorkflow(
  flow: WorkflowItem,
  ctx: ViewContext,
  renderStage: RenderStage,
): TemplateResult {
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
              return step ? renderStep(step, flow, ctx, renderStage) : nothing;
            })}
          </div>
        </li>`,
      )}
    </ol>
  </details>`;
}

function renderStep(
  step: WorkflowStepView,
  flow: WorkflowItem,
  ctx: ViewContext,
  renderStage: RenderStage,
): TemplateResult {
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
