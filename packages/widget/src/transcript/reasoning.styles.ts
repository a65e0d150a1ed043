import { css } from 'lit';

/** The "Thinking…" disclosure: quiet, above its answer, the reasoning in the muted text colour. */
export const reasoningStyles = css`
  .reasoning {
    align-self: stretch;
    padding: 0.25rem 0.75rem;
    border-left: 2px solid var(--_border);
    font-size: 0.875em;
  }

  .reasoning > summary {
    cursor: pointer;
    color: var(--_muted);
  }

  .reasoning-text {
    margin-top: 0.25rem;
    white-space: pre-wrap;
    color: var(--_muted);
    max-height: 16rem;
    overflow-y: auto;
  }
`;
