import { css } from 'lit';

/** Styles of copy and feedback; adopted into the element's shadow root when their chunk loads. */
export const answerActionsStyles = css`
  .answer-actions {
    display: flex;
    flex-wrap: wrap;
    gap: 0.25rem;
    align-items: center;
    margin-top: -0.25rem;
  }

  .answer-actions button,
  .feedback-comment button,
  .code-copy {
    padding: 0.125rem 0.5rem;
    font-size: 0.8125em;
    color: var(--_fg);
    background: transparent;
    border: 1px solid var(--_border);
    border-radius: 0.375rem;
    cursor: pointer;
  }

  .answer-actions button[aria-pressed='true'] {
    background: var(--_surface);
    border-color: var(--_accent);
  }

  .action-status {
    font-size: 0.8125em;
    color: var(--_muted);
  }

  .action-status.failed {
    color: var(--_error);
  }

  .markdown pre {
    position: relative;
  }

  .code-copy {
    position: absolute;
    top: 0.25rem;
    inset-inline-end: 0.25rem;
    background: var(--_bg);
  }

  .feedback-comment {
    display: flex;
    flex-direction: column;
    gap: 0.375rem;
    margin-top: 0.375rem;
  }

  .feedback-comment label {
    display: flex;
    flex-direction: column;
    gap: 0.25rem;
    font-size: 0.875em;
  }

  .feedback-comment textarea {
    font: inherit;
    color: var(--_fg);
    background: var(--_bg);
    border: 1px solid var(--_border);
    border-radius: 0.375rem;
    padding: 0.25rem 0.5rem;
  }

  .feedback-buttons {
    display: flex;
    gap: 0.375rem;
  }

  .user-controls {
    display: flex;
    gap: 0.25rem;
    align-items: center;
    align-self: flex-end;
    margin-top: -0.25rem;
  }

  .user-controls button {
    padding: 0.125rem 0.5rem;
    font-size: 0.8125em;
    color: var(--_fg);
    background: transparent;
    border: 1px solid var(--_border);
    border-radius: 0.375rem;
  }

  .branch-picker {
    display: inline-flex;
    gap: 0.25rem;
    align-items: center;
    font-size: 0.8125em;
    color: var(--_muted);
  }

  .message-editor {
    display: flex;
    flex-direction: column;
    gap: 0.375rem;
    align-self: stretch;
  }

  .message-editor textarea {
    font: inherit;
    color: var(--_fg);
    background: var(--_bg);
    border: 1px solid var(--_border);
    border-radius: 0.375rem;
    padding: 0.25rem 0.5rem;
  }
`;
