// The views of the work around answers — stages, workflow plans, rich tool content (tables, charts, JSON,
// code), questions, approvals, model downloads and notices, a reasoning model's thinking — as one lazy
// chunk: a plain first answer needs none of them.
// item-view.ts loads it with the first such item and renders again once it is there.
export { renderApproval, renderClarify } from './forms-view.js';
export { renderModelLoad, renderModelNotice } from './model-view.js';
export { renderReasoning } from './reasoning-view.js';
export { renderStage, renderToolsLoaded, renderWorkflow } from './stage-view.js';
