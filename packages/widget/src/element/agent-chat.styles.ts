import { css } from 'lit';
import { contentStyles } from '../transcript/content.styles.js';
import { reasoningStyles } from '../transcript/reasoning.styles.js';

/** The dark palette, for `theme="dark"` and for `prefers-color-scheme: dark` unless `theme="light"`. */
const darkPalette = css`
  --_bg: var(--agent-chat-background, #18181b);
  --_fg: var(--agent-chat-color, #f4f4f5);
  --_surface: var(--agent-chat-surface, #27272a);
  --_accent: var(--agent-chat-accent, #60a5fa);
  --_accent-text: var(--agent-chat-accent-text, #0b1220);
  --_border: var(--agent-chat-border, #3f3f46);
  --_muted: var(--agent-chat-muted, #a1a1aa);
  --_success: var(--agent-chat-success, #4ade80);
  --_error: var(--agent-chat-error, #f87171);
  --_code-bg: var(--agent-chat-code-background, #0f0f12);
  color-scheme: dark;
`;

/**
 * Styles of `<agent-chat>`: light and dark palettes (`prefers-color-scheme` or the `theme` attribute),
 * themable through `--agent-chat-*` properties and `::part()`. The host sets every inherited text
 * property explicitly, so a host page's CSS reset or odd body styles do not leak in.
 */
const baseStyles = css`
  :host {
    --_bg: var(--agent-chat-background, #fff);
    --_fg: var(--agent-chat-color, #18181b);
    --_surface: var(--agent-chat-surface, #f4f4f5);
    --_accent: var(--agent-chat-accent, #2563eb);
    --_accent-text: var(--agent-chat-accent-text, #fff);
    --_border: var(--agent-chat-border, #d4d4d8);
    --_muted: var(--agent-chat-muted, #52525b);
    --_success: var(--agent-chat-success, #15803d);
    --_error: var(--agent-chat-error, #b91c1c);
    --_code-bg: var(--agent-chat-code-background, #fcfcfc);
    --_radius: var(--agent-chat-radius, 0.5rem);
    color-scheme: light;
    /* Pages often set display: block on the element (outer styles beat :host): the layout lives in .frame. */
    display: block;
    position: relative;
    box-sizing: border-box;
    height: var(--agent-chat-height, 32rem);
    min-width: 0;
    font-family: var(--agent-chat-font, system-ui, -apple-system, 'Segoe UI', sans-serif);
    font-size: var(--agent-chat-font-size, 15px);
    font-weight: normal;
    font-style: normal;
    line-height: 1.5;
    letter-spacing: normal;
    text-align: start;
    text-transform: none;
    text-indent: 0;
    white-space: normal;
    word-spacing: normal;
    color: var(--_fg);
    background: var(--_bg);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    overflow: hidden;
  }

  :host([theme='dark']) {
    ${darkPalette}
  }

  @media (prefers-color-scheme: dark) {
    :host(:not([theme='light'])) {
      ${darkPalette}
    }
  }

  :host([hidden]) {
    display: none;
  }

  .frame {
    display: flex;
    flex-direction: column;
    height: 100%;
    min-height: 0;
  }

  *,
  *::before,
  *::after {
    box-sizing: border-box;
  }

  .header {
    display: flex;
    gap: 0.5rem;
    justify-content: flex-end;
    padding: 0.375rem 0.75rem;
    border-bottom: 1px solid var(--_border);
  }

  .header button,
  .redo button,
  .suggestions button,
  .conversations button,
  .approval button,
  .model-progress button {
    padding: 0.25rem 0.625rem;
    font-size: 0.875em;
    color: var(--_fg);
    background: transparent;
    border-color: var(--_border);
  }

  .conversations {
    position: absolute;
    inset: 2.6rem 0 auto 0;
    z-index: 1;
    max-height: 60%;
    overflow-y: auto;
    padding: 0.5rem 0.75rem;
    background: var(--_bg);
    border-bottom: 1px solid var(--_border);
    box-shadow: 0 4px 12px rgb(0 0 0 / 0.15);
  }

  .conversations-head {
    display: flex;
    gap: 0.5rem;
    justify-content: space-between;
  }

  .conversations ul {
    list-style: none;
    margin: 0.5rem 0 0;
    padding: 0;
  }

  .conversations li {
    display: flex;
    gap: 0.25rem;
    align-items: center;
    padding: 0.25rem 0;
    border-top: 1px solid var(--_border);
  }

  .conversations li[aria-current='true'] .conversation-title {
    font-weight: 600;
  }

  .conversations .conversation-title,
  .conversations .rename {
    flex: 1;
    min-width: 0;
    text-align: start;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
    border: none;
  }

  .notice {
    margin: 0;
    padding: 0.75rem;
    border-bottom: 1px solid var(--_border);
    font-size: 0.875em;
  }

  .knowledge-notice {
    margin: 0;
    padding: 0.5rem 0.75rem 0.5rem 1.75rem;
    border-bottom: 1px solid var(--_border);
    font-size: 0.8125em;
    color: var(--_muted);
  }

  .log {
    flex: 1;
    display: flex;
    flex-direction: column;
    gap: 0.5rem;
    padding: 0.75rem;
    overflow-y: auto;
    overscroll-behavior: contain;
    /* What changes in the log while streaming never changes layout or paint outside it. */
    contain: strict;
  }

  .message {
    max-width: 85%;
    padding: 0.5rem 0.75rem;
    border-radius: var(--_radius);
    overflow-wrap: anywhere;
  }

  .message.user {
    align-self: flex-end;
    white-space: pre-wrap;
    background: var(--_accent);
    color: var(--_accent-text);
  }

  /* A message an MCP App sent: not on the visitor's side, not in the visitor's colour, and labelled. */
  .message.from-app {
    align-self: flex-start;
    background: var(--_surface);
    color: var(--_fg);
  }

  .app-label {
    display: block;
    font-size: 0.8em;
  }

  /* Stretched (capped by max-width) rather than shrink-to-fit: a fit-content width would make the browser
     measure the whole answer's text again on every streamed frame. */
  .message.assistant {
    align-self: stretch;
    background: var(--_surface);
    border: 1px solid var(--_border);
  }

  .empty-answer {
    margin: 0;
    color: var(--_muted);
    font-style: italic;
  }

  .stopped,
  .form-state {
    margin-inline-start: 0.5em;
    color: var(--_muted);
    font-style: italic;
  }

  .error {
    margin: 0 0.75rem 0.5rem;
    padding: 0.5rem 0.75rem;
    border: 1px solid var(--_error);
    border-radius: var(--_radius);
    color: var(--_error);
    white-space: pre-wrap;
  }

  .redo,
  .suggestions {
    display: flex;
    flex-wrap: wrap;
    gap: 0.5rem;
    padding: 0 0.75rem;
  }

  .attachments {
    display: flex;
    flex-wrap: wrap;
    gap: 0.375rem;
    margin: 0;
    padding: 0.375rem 0.75rem 0;
    list-style: none;
    font-size: 0.85em;
  }

  .attachments li {
    display: flex;
    align-items: center;
    gap: 0.25rem;
    padding: 0.125rem 0.5rem;
    border: 1px solid var(--_border);
    border-radius: 999px;
  }

  .attachments button,
  .attach {
    padding: 0 0.5rem;
    color: var(--_fg);
    background: transparent;
    border-color: var(--_border);
  }

  .attach {
    align-self: stretch;
    font-size: 1.25em;
  }

  .composer {
    display: flex;
    gap: 0.5rem;
    align-items: flex-end;
    padding: 0.75rem;
    border-top: 1px solid var(--_border);
  }

  textarea,
  input,
  select {
    font: inherit;
    color: inherit;
    background: var(--_bg);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    padding: 0.375rem 0.5rem;
  }

  .composer textarea {
    flex: 1;
    min-width: 0;
    resize: vertical;
    min-height: 2.5rem;
  }

  button {
    padding: 0.5rem 1rem;
    font: inherit;
    line-height: 1.2;
    border: 1px solid var(--_accent);
    border-radius: var(--_radius);
    cursor: pointer;
  }

  .send,
  button.primary {
    color: var(--_accent-text);
    background: var(--_accent);
  }

  .stop {
    color: var(--_accent);
    background: transparent;
  }

  button:disabled {
    opacity: 0.5;
    cursor: default;
  }

  :focus-visible {
    outline: 2px solid var(--_accent);
    outline-offset: 1px;
  }

  .visually-hidden {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip-path: inset(50%);
    white-space: nowrap;
  }
`;

export const agentChatStyles = [baseStyles, contentStyles, reasoningStyles];
