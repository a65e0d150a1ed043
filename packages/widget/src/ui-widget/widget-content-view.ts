import type { WidgetContent } from '@agent-chat/core';
import { html, type TemplateResult } from 'lit';
import type { ViewContext } from '../shared/view-context.js';
import type { StageItem } from '../transcript-model/transcript.js';

let requested = false;

/**
 * A tool's declarative widget in its stage. The element (`widget-element.ts`, with the checker and its styles)
 * is a lazy chunk loaded with the first widget; its buttons' actions are carried out like a tool view's, with
 * approval questions in the box after it.
 */
export function renderWidgetContent(item: WidgetContent, stage: StageItem, ctx: ViewContext): TemplateResult {
  if (!customElements.get('agent-chat-widget')) {
    if (!requested) {
      requested = true;
      import('./widget-element.js').then(ctx.rerender, () => {
        requested = false;
      });
    }
    return html`<div part="widget" class="widget" aria-busy="true"></div>`;
  }
  const onAction = (event: Event) => {
    const element = event.currentTarget as HTMLElement;
    const host = (element.getRootNode() as ShadowRoot).host;
    const box = element.nextElementSibling as HTMLElement;
    void import('../tool-view/view-actions.js').then(({ performAction }) =>
      performAction((event as CustomEvent).detail, {
        tool: stage.name,
        chat: ctx.mcpApps,
        host,
        box,
        strings: ctx.strings,
      }),
    );
  };
  return html`<agent-chat-widget part="widget" .widget=${item.widget} .tool=${stage.name}
    @agent-chat-action=${onAction}></agent-chat-widget><div class="widget-approval"></div>`;
}
