import { css } from 'lit';

/** Styles of the launcher and panel modes, adopted by the element when that chunk loads. */
export const displayShellStyles = css`
  :host([mode='launcher']),
  :host([mode='panel']) {
    height: auto;
    border: none;
    background: transparent;
    overflow: visible;
  }

  .launcher {
    position: fixed;
    bottom: var(--agent-chat-launcher-offset, 1.25rem);
    z-index: var(--agent-chat-z-index, 2147483000);
    display: grid;
    place-items: center;
    width: var(--agent-chat-launcher-size, 3.5rem);
    height: var(--agent-chat-launcher-size, 3.5rem);
    padding: 0;
    border: none;
    border-radius: 50%;
    color: var(--_accent-text);
    background: var(--_accent);
    box-shadow: 0 4px 16px rgb(0 0 0 / 0.25);
    cursor: pointer;
  }

  .launcher.right {
    right: var(--agent-chat-launcher-offset, 1.25rem);
  }

  .launcher.left {
    left: var(--agent-chat-launcher-offset, 1.25rem);
  }

  .launcher svg {
    width: 55%;
    height: 55%;
    fill: currentColor;
  }

  .badge {
    position: absolute;
    top: -0.35rem;
    right: -0.35rem;
    min-width: 1.4rem;
    padding: 0.1rem 0.4rem;
    border-radius: 0.7rem;
    font-size: 0.75rem;
    font-weight: 600;
    color: #fff;
    background: #b91c1c;
  }

  .panel {
    position: fixed;
    z-index: var(--agent-chat-z-index, 2147483000);
    display: flex;
    flex-direction: column;
    color: var(--_fg);
    background: var(--_bg);
    border: 1px solid var(--_border);
    box-shadow: 0 8px 32px rgb(0 0 0 / 0.25);
    animation: agent-chat-open 160ms ease-out;
  }

  .panel[hidden] {
    display: none;
  }

  .panel.mode-launcher {
    bottom: calc(var(--agent-chat-launcher-offset, 1.25rem) + var(--agent-chat-launcher-size, 3.5rem) + 0.75rem);
    width: var(--agent-chat-panel-width, 24rem);
    height: min(var(--agent-chat-height, 36rem), calc(100vh - 7rem));
    border-radius: var(--_radius);
  }

  .panel.mode-launcher.right {
    right: var(--agent-chat-launcher-offset, 1.25rem);
  }

  .panel.mode-launcher.left {
    left: var(--agent-chat-launcher-offset, 1.25rem);
  }

  .panel.mode-panel {
    top: 0;
    bottom: 0;
    width: var(--agent-chat-panel-width, 24rem);
    max-width: 80vw;
  }

  .panel.mode-panel.right {
    right: 0;
  }

  .panel.mode-panel.left {
    left: 0;
  }

  .panel-header {
    display: flex;
    align-items: center;
    justify-content: space-between;
    padding: 0.5rem 0.75rem;
    border-bottom: 1px solid var(--_border);
  }

  .panel-header h2 {
    margin: 0;
    font-size: 1em;
  }

  .panel-header button {
    width: 2rem;
    height: 2rem;
    padding: 0;
    font-size: 1.25rem;
    line-height: 1;
    color: var(--_fg);
    background: transparent;
    border: 1px solid var(--_border);
  }

  .panel .frame {
    flex: 1;
    min-height: 0;
  }

  .resize-handle {
    position: absolute;
    top: 0;
    bottom: 0;
    z-index: 1;
    width: 0.5rem;
    cursor: ew-resize;
    touch-action: none;
  }

  .right > .resize-handle {
    left: -0.25rem;
  }

  .left > .resize-handle {
    right: -0.25rem;
  }

  .resize-handle:focus-visible,
  .resize-handle:hover {
    background: var(--_accent);
  }

  /* Phones: the chat takes the whole screen. */
  @media (max-width: 479.98px) {
    .panel.mode-launcher.right,
    .panel.mode-launcher.left,
    .panel.mode-panel.right,
    .panel.mode-panel.left {
      inset: 0;
      width: auto !important;
      max-width: none;
      height: auto;
      border-radius: 0;
    }

    .resize-handle {
      display: none;
    }
  }

  @media (prefers-reduced-motion: reduce) {
    .panel {
      animation: none;
    }
  }

  @keyframes agent-chat-open {
    from {
      opacity: 0;
      transform: translateY(0.5rem);
    }
  }
`;
