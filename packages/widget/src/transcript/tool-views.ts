// The views of the work around answers — stages, workflow plans, rich tool content (tables, charts, JSON,
// code), questions, approvals, model downloads and notices, a reasoning model's thinking — as one lazy
// chunk: a plain first answer needs none of them.
// item-view.ts loads it with the first such item and renders again once it is there. Forms and charts are
// further chunks, loaded with their first item.
import { html, type TemplateResult } from 'lit';
import type { ViewContext } from '../shared/view-context.js';
import type { ApprovalItem, ClarifyItem } from '../transcript-model/transcript.js';

export { renderModelLoad, renderModelNotice } from './model-view.js';
export { renderReasoning } from './reasoning-view.js';
export { renderStage, renderToolsLoaded, renderWorkflow } from './stage-view.js';

type Forms = typeof import('./forms-view.js');
let forms: Forms | undefined;
let loadingForms: Promise<void> | undefined;

/**
 * Questions and approvals (forms from JSON Schema): a chunk of their own, loaded with the first one, so a
 * tool call that asks nothing does not download them. Renders again once it is there.
 */
function formsView(ctx: ViewContext): Forms | undefined {
  if (!forms && !loadingForms)
    loadingForms = import('./forms-view.js').then(
      (loaded) => {
        forms = loaded;
        ctx.rerender();
      },
      () => {
        loadingForms = undefined; // tried again on the next render
      },
    );
  return forms;
}

const pending = html`<div class="stage-loading" aria-busy="true"></div>`;

export const renderClarify = (item: ClarifyItem, ctx: ViewContext): TemplateResult =>
  formsView(ctx)?.renderClarify(item, ctx) ?? pending;

export const renderApproval = (item: ApprovalItem, ctx: ViewContext): TemplateResult =>
  formsView(ctx)?.renderApproval(item, ctx) ?? pending;
