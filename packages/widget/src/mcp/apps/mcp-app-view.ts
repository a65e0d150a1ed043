import type { McpAppContent } from '@agent-chat/core';
import { html, type TemplateResult } from 'lit';
import type { ViewContext } from '../../shared/view-context.js';

let requested = false;

/**
 * The stage of a tool whose result an MCP App shows. The host (ext-apps' AppBridge and the sandboxed
 * frame) is a lazy chunk of its own, loaded with the first such stage; until then the stage shows the
 * tool's text result alone.
 */
export function renderMcpApp(item: McpAppContent, stageId: string, ctx: ViewContext): TemplateResult {
  if (!customElements.get('agent-chat-mcp-app')) {
    if (!requested) {
      requested = true;
      import('./mcp-app-element.js').then(ctx.rerender, () => {
        requested = false;
      });
    }
    return html`<div part="mcp-app" class="mcp-app" data-state="loading"></div>`;
  }
  return html`<agent-chat-mcp-app .item=${item} .stageId=${stageId} .deps=${ctx.mcpApps}></agent-chat-mcp-app>`;
}
