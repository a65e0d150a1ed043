// The views of tool calls — stages, questions and approvals — as one lazy chunk: a plain first answer needs
// none of them. item-view.ts loads it with the first such item and renders again once it is there. Forms, a
// stage's rich content (stage-content.ts) and the other work around answers (work-views.ts: workflows, loaded
// tools, model downloads, reasoning) are further chunks, loaded from here with their first item.
import { html, type TemplateResult } from 'lit';
import type { ViewContext } from '../shared/view-context.js';
import type { ApprovalItem, ClarifyItem } from '../transcript-model/transcript.js';
import type {
  ModelLoadItem,
  ModelNoticeItem,
  ReasoningItem,
  ToolsLoadedItem,
  WorkflowItem,
} from '../transcript-model/transcript-items.js';
import { lazyChunk } from './lazy-chunk.js';
import type { ModelLoadState } from './model-view.js';
import { renderStage } from './stage-view.js';

export { renderStage };

/** Questions and approvals (forms from JSON Schema): a tool call that asks nothing does not download them. */
const formsView = lazyChunk(() => import('./forms-view.js'));
/** Workflows, loaded tools, model downloads and notices, reasoning: a page tool's first call shows none. */
const workViews = lazyChunk(() => import('./work-views.js'));

const pending = html`<div class="stage-loading" aria-busy="true"></div>`;

export const renderClarify = (item: ClarifyItem, ctx: ViewContext): TemplateResult =>
  formsView(ctx.rerender)?.renderClarify(item, ctx) ?? pending;

export const renderApproval = (item: ApprovalItem, ctx: ViewContext): TemplateResult =>
  formsView(ctx.rerender)?.renderApproval(item, ctx) ?? pending;

export const renderWorkflow = (flow: WorkflowItem, ctx: ViewContext): TemplateResult =>
  workViews(ctx.rerender)?.renderWorkflow(flow, ctx, renderStage) ?? pending;

export const renderToolsLoaded = (item: ToolsLoadedItem, ctx: ViewContext): TemplateResult =>
  workViews(ctx.rerender)?.renderToolsLoaded(item, ctx) ?? pending;

export const renderReasoning = (item: ReasoningItem, ctx: ViewContext): TemplateResult =>
  workViews(ctx.rerender)?.renderReasoning(item, ctx) ?? pending;

export const renderModelNotice = (item: ModelNoticeItem, ctx: ViewContext): TemplateResult =>
  workViews(ctx.rerender)?.renderModelNotice(item, ctx) ?? pending;

/** A local model's download; `ctx.rerender` (when given) runs once its chunk is there. */
export const renderModelLoad = (
  item: ModelLoadItem,
  state: ModelLoadState,
  ctx: Parameters<WorkViews['renderModelLoad']>[2] & { rerender?: () => void },
): TemplateResult => workViews(ctx.rerender ?? (() => {}))?.renderModelLoad(item, state, ctx) ?? pending;

type WorkViews = typeof import('./work-views.js');
