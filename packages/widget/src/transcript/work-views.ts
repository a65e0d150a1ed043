// The views of work around answers that a page tool's first call never shows — workflow plans, the tools a model
// loaded, local model downloads and notices, a reasoning model's thinking — as one lazy chunk beside the stage
// views' (tool-views.ts). item-view.ts loads it with the first such item and renders again once it is there.
export { renderModelLoad, renderModelNotice } from './model-view.js';
export { renderReasoning } from './reasoning-view.js';
export { renderToolsLoaded, renderWorkflow } from './workflow-view.js';
