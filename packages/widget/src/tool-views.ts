// The views of tool work — stages, workflow plans, rich tool content (tables, charts, JSON, code),
// questions and approvals — as one lazy chunk: a page whose chats never call a tool never downloads them.
// item-view.ts loads it with the first such item and renders again once it is there.
export { renderApproval, renderClarify } from './forms-view.js';
export { renderStage, renderToolsLoaded, renderWorkflow } from './stage-view.js';
