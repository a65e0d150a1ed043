// What a stage shows beyond its arguments and result preview — rich content (tables, images, charts, JSON),
// MCP Apps, UI widgets, a Python call's highlighted code and a running call's progress bar — as a chunk of its own: a page tool's first call
// returns JSON and needs none of it. stage-view.ts loads it with the first stage that has such content.
import { html, nothing } from 'lit';
import { renderMcpApp } from '../mcp/apps/mcp-app-view.js';
import type { ViewContext } from '../shared/view-context.js';
import type { StageItem } from '../transcript-model/transcript.js';
import { renderWidgetContent } from '../ui-widget/widget-content-view.js';
import { renderPythonCode } from './code-view.js';
import { renderContent } from './content-view.js';

export { renderProgress } from './stage-progress.js';
export { renderPythonCode };

/** The stage's content items; in an app's stage (`app`) the text item is the result shown above, not twice. */
export function renderStageContent(
  stage: StageItem,
  ctx: ViewContext,
  app: boolean,
  python: boolean,
): unknown[] {
  return stage.content.map((item) =>
    app && item.kind === 'text'
      ? nothing
      : item.kind === 'mcp-app'
        ? renderMcpApp(item, stage.id, ctx)
        : item.kind === 'widget'
          ? renderWidgetContent(item, stage, ctx)
          : // Program output keeps its spacing (printed tables line up).
            item.kind === 'text' && python
            ? html`<pre part="stage-output" class="stage-output">${item.text}</pre>`
            : html`<div class="content">${renderContent(item, ctx.rerender)}</div>`,
  );
}
