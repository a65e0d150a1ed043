import { css } from 'lit';

/** Styles of `<agent-chat>`: light defaults, themable through `--agent-chat-*` properties and `::part()`. */
export const agentChatStyles = css`
  :host {
    --_accent: var(--agent-chat-accent, #2563eb);
    --_border: var(--agent-chat-border, #d4d4d8);
    --_error: var(--agent-chat-error, #b91c1c);
    --_radius: var(--agent-chat-radius, 0.5rem);
    display: flex;
    flex-direction: column;
    box-sizing: border-box;
    height: var(--agent-chat-height, 32rem);
    font: var(--agent-chat-font, inherit);
    color: var(--agent-chat-color, inherit);
    background: var(--agent-chat-background, Canvas);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    overflow: hidden;
  }

  :host([hidden]) {
    display: none;
  }

  *,
  *::before,
  *::after {
    box-sizing: inherit;
  }

  .notice {
    margin: 0;
    padding: 0.75rem;
    border-bottom: 1px solid var(--_border);
    font-size: 0.875em;
  }

  .log {
    flex: 1;
    display: flex;
    flex-direction: column;
    gap: 0.5rem;
    padding: 0.75rem;
    overflow-y: auto;
  }

  .message {
    max-width: 85%;
    padding: 0.5rem 0.75rem;
    border-radius: var(--_radius);
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }

  .message.user {
    align-self: flex-end;
    background: var(--_accent);
    color: var(--agent-chat-accent-text, #fff);
  }

  .message.assistant {
    align-self: flex-start;
    border: 1px solid var(--_border);
  }

  .stopped {
    margin-inline-start: 0.5em;
    opacity: 0.7;
    font-style: italic;
  }

  .stage {
    align-self: stretch;
    display: flex;
    flex-wrap: wrap;
    align-items: baseline;
    gap: 0.5rem;
    padding: 0.375rem 0.75rem;
    border: 1px dashed var(--_border);
    border-radius: var(--_radius);
    font-size: 0.875em;
  }

  .stage-name {
    font-weight: 600;
  }

  .stage-args {
    flex: 1;
    min-width: 0;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
    opacity: 0.8;
  }

  .stage-status::before {
    content: '';
    display: inline-block;
    width: 0.5em;
    height: 0.5em;
    margin-inline-end: 0.375em;
    border-radius: 50%;
    background: currentColor;
  }

  .stage[data-status='running'] .stage-status {
    color: var(--_accent);
  }

  .stage[data-status='done'] .stage-status {
    color: #15803d;
  }

  .stage[data-status='failed'] {
    border-color: var(--_error);
  }

  .stage[data-status='failed'] .stage-status,
  .stage-error {
    color: var(--_error);
  }

  .stage-error {
    flex-basis: 100%;
    white-space: pre-wrap;
  }

  .error {
    margin: 0 0.75rem 0.5rem;
    padding: 0.5rem 0.75rem;
    border: 1px solid var(--_error);
    border-radius: var(--_radius);
    color: var(--_error);
    white-space: pre-wrap;
  }

  .composer {
    display: flex;
    gap: 0.5rem;
    align-items: flex-end;
    padding: 0.75rem;
    border-top: 1px solid var(--_border);
  }

  textarea {
    flex: 1;
    resize: vertical;
    min-height: 2.5rem;
    padding: 0.5rem;
    font: inherit;
    color: inherit;
    background: transparent;
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
  }

  button {
    padding: 0.5rem 1rem;
    font: inherit;
    border: 1px solid var(--_accent);
    border-radius: var(--_radius);
    cursor: pointer;
  }

  .send {
    color: var(--agent-chat-accent-text, #fff);
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

  textarea:focus-visible,
  button:focus-visible {
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
