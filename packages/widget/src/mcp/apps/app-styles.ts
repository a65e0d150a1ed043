import { html } from 'lit';

/**
 * The stage's styles, rendered with it (the element lives in the chat's shadow root, so they stay
 * there): the frame fills the stage's width; full screen covers the page; pip floats in a corner.
 */
export const appStyles = html`<style>
  agent-chat-mcp-app { display: block; margin-top: 0.5rem; }
  .mcp-app-frame { display: block; width: 100%; height: 300px; border: 1px solid var(--_border, #d4d4d8);
    border-radius: var(--_radius, 0.5rem); background: transparent; color-scheme: normal; }
  .mcp-app-frame[data-border='none'] { border: none; }
  .mcp-app[data-mode='fullscreen'] { position: fixed; inset: 0; z-index: 2147483000; background: var(--_bg, #fff);
    display: flex; flex-direction: column; padding: 0.5rem; }
  .mcp-app[data-mode='fullscreen'] .mcp-app-box, .mcp-app[data-mode='fullscreen'] .mcp-app-frame { flex: 1; height: 100%; }
  .mcp-app[data-mode='pip'] { position: fixed; right: 1rem; bottom: 1rem; width: 360px; z-index: 2147483000;
    background: var(--_bg, #fff); box-shadow: 0 4px 24px rgb(0 0 0 / 0.3); }
  .mcp-app-exit { align-self: flex-end; margin-bottom: 0.5rem; }
  .mcp-app-notice { color: var(--_muted, #52525b); font-size: 0.9em; margin: 0.25rem 0; }
  .mcp-app-prompt { border: 1px solid var(--_accent, #2563eb); border-radius: var(--_radius, 0.5rem);
    padding: 0.5rem; margin-top: 0.5rem; }
  .mcp-app-prompt p { margin: 0 0 0.5rem; overflow-wrap: anywhere; }
  .mcp-app-prompt button { margin-right: 0.5rem; }
</style>`;
