import { css } from 'lit';

/** Styles of what goes into the log: Markdown, stages, workflows, rich content, forms, model progress. */
export const contentStyles = css`
  /* Blocks out of view skip layout and paint, so a long answer costs the same per frame as a short one. */
  .markdown > .block {
    content-visibility: auto;
    contain-intrinsic-size: auto 2lh;
  }

  .markdown > .block > :first-child {
    margin-top: 0;
  }

  .markdown > .block > :last-child {
    margin-bottom: 0;
  }

  .markdown .block + .block {
    margin-top: 0.5em;
  }

  .markdown.plain {
    white-space: pre-wrap;
  }

  .markdown pre,
  .stage pre,
  .approval pre,
  .resource pre {
    margin: 0.25rem 0;
    padding: 0.5rem;
    overflow-x: auto;
    background: var(--_code-bg);
    border: 1px solid var(--_border);
    border-radius: calc(var(--_radius) / 2);
    font-size: 0.875em;
  }

  /* Code highlighting (@speed-highlight/core classes), readable on light and dark code backgrounds. */
  .shj-syn-kwd,
  .shj-syn-err {
    color: var(--agent-chat-code-keyword, light-dark(#cf222e, #ff7b72));
  }

  .shj-syn-str,
  .shj-syn-insert {
    color: var(--agent-chat-code-string, light-dark(#0a3069, #a5d6ff));
  }

  .shj-syn-num,
  .shj-syn-bool,
  .shj-syn-class {
    color: var(--agent-chat-code-number, light-dark(#0550ae, #79c0ff));
  }

  .shj-syn-func,
  .shj-syn-section {
    color: var(--agent-chat-code-function, light-dark(#8250df, #d2a8ff));
  }

  .shj-syn-cmnt {
    color: var(--agent-chat-code-comment, light-dark(#57606a, #8b949e));
    font-style: italic;
  }

  .shj-syn-var,
  .shj-syn-deleted {
    color: light-dark(#953800, #ffa657);
  }

  .markdown code {
    font-family: ui-monospace, 'SFMono-Regular', Menlo, monospace;
  }

  .markdown a {
    color: var(--_accent);
  }

  .markdown table,
  table {
    border-collapse: collapse;
  }

  th,
  td {
    padding: 0.25rem 0.5rem;
    border: 1px solid var(--_border);
    text-align: start;
  }

  .table-wrap {
    overflow-x: auto;
  }

  .stage,
  .workflow,
  .form,
  .model-progress {
    align-self: stretch;
    padding: 0.375rem 0.75rem;
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    background: var(--_surface);
    font-size: 0.875em;
  }

  .stage summary,
  .workflow summary {
    display: flex;
    flex-wrap: wrap;
    align-items: baseline;
    gap: 0.5rem;
    cursor: pointer;
  }

  .stage-title {
    font-weight: 600;
  }

  .stage-status,
  .stage-duration,
  .step-deps,
  .progress-text,
  .model-bytes,
  .model-text,
  .field-desc {
    color: var(--_muted);
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

  [data-status='running'] > summary .stage-status,
  [data-status='running'] > .step-head .stage-status {
    color: var(--_accent);
  }

  [data-status='done'] > summary .stage-status,
  [data-status='done'] > .step-head .stage-status {
    color: var(--_success);
  }

  .stage[data-status='failed'],
  .step[data-status='failed'] {
    border-color: var(--_error);
  }

  [data-status='failed'] > summary .stage-status,
  [data-status='failed'] > .step-head .stage-status,
  .stage-error {
    color: var(--_error);
  }

  .stage-error {
    white-space: pre-wrap;
  }

  .stage-label {
    margin-top: 0.25rem;
    color: var(--_muted);
    font-size: 0.85em;
  }

  .stage-progress,
  .model-progress progress {
    display: flex;
    align-items: center;
    gap: 0.5rem;
    width: 100%;
  }

  progress {
    flex: 1;
    accent-color: var(--_accent);
  }

  .batches {
    list-style: none;
    margin: 0.25rem 0 0;
    padding: 0;
    display: flex;
    flex-direction: column;
    gap: 0.375rem;
  }

  .batch[data-parallel='true'] {
    padding-inline-start: 0.5rem;
    border-inline-start: 3px solid var(--_accent);
  }

  .batch-steps {
    display: flex;
    flex-wrap: wrap;
    gap: 0.375rem;
  }

  .step {
    flex: 1 1 12rem;
    padding: 0.25rem 0.5rem;
    border: 1px dashed var(--_border);
    border-radius: var(--_radius);
  }

  .step-head {
    display: flex;
    flex-wrap: wrap;
    gap: 0.375rem;
    align-items: baseline;
  }

  .step-name {
    font-weight: 600;
  }

  .content {
    margin-top: 0.375rem;
  }

  .stage-code,
  .stage-output {
    margin: 0.25rem 0;
    padding: 0.5rem;
    overflow-x: auto;
    white-space: pre;
    font-family: var(--agent-chat-code-font, ui-monospace, monospace);
    font-size: 0.8125rem;
    border-radius: calc(var(--_radius) / 2);
    background: color-mix(in srgb, currentColor 6%, transparent);
  }

  .content-figure {
    margin: 0;
  }

  .image-actions {
    display: flex;
    gap: 0.75rem;
    font-size: 0.8125rem;
  }

  .content-image {
    max-width: 100%;
    height: auto;
    border-radius: calc(var(--_radius) / 2);
  }

  .content-html {
    width: 100%;
    min-height: 12rem;
    border: 1px solid var(--_border);
    border-radius: calc(var(--_radius) / 2);
    background: #fff;
  }

  .chart {
    margin: 0;
  }

  .chart svg {
    width: 100%;
    max-width: 24rem;
    height: auto;
  }

  .json ul {
    list-style: none;
    margin: 0;
    padding-inline-start: 1rem;
  }

  .json {
    font-family: ui-monospace, monospace;
  }

  .json-key {
    color: var(--_accent);
  }

  .form .question {
    margin: 0 0 0.375rem;
    font-weight: 600;
  }

  .form fieldset {
    display: flex;
    flex-direction: column;
    gap: 0.375rem;
    margin: 0;
    padding: 0;
    border: none;
  }

  .field {
    display: flex;
    flex-direction: column;
    gap: 0.125rem;
  }

  .field.checkbox {
    flex-direction: row;
    align-items: center;
  }

  .form fieldset > button,
  .actions {
    align-self: flex-start;
    display: flex;
    gap: 0.5rem;
  }

  .model-head {
    display: flex;
    justify-content: space-between;
    gap: 0.5rem;
  }

  .model-title {
    font-weight: 600;
  }

  .model-progress button {
    margin-top: 0.25rem;
  }

  .model-notice {
    align-self: center;
    margin: 0;
    color: var(--_muted);
    font-size: 0.85em;
  }
`;
