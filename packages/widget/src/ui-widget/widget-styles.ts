import { css } from 'lit';

/**
 * A declarative widget's look: the chat's own palette (`--_*`, resolved for light or dark on `<agent-chat>` and
 * inherited into this shadow root), so widgets follow the theme and `--agent-chat-*` overrides.
 */
export const widgetStyles = css`
  :host {
    display: block;
    margin-top: 0.5rem;
    color: var(--_fg, #18181b);
  }
  .card {
    border: 1px solid var(--_border, #d4d4d8);
    border-radius: var(--_radius, 0.5rem);
    background: var(--_bg, #fff);
    padding: 0.75rem;
    display: flex;
    flex-direction: column;
    gap: 0.5rem;
  }
  .card-title {
    margin: 0;
    font-weight: 600;
  }
  .list {
    list-style: none;
    margin: 0;
    padding: 0;
    display: flex;
    flex-direction: column;
    gap: 0.5rem;
  }
  .row {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.5rem;
  }
  .text {
    margin: 0;
    overflow-wrap: anywhere;
  }
  .text[data-size='sm'] {
    font-size: 0.875em;
  }
  .text[data-size='lg'] {
    font-size: 1.2em;
  }
  .text[data-weight='bold'] {
    font-weight: 600;
  }
  img {
    max-width: 100%;
    max-height: 16rem;
    border-radius: var(--_radius, 0.5rem);
  }
  .badge {
    display: inline-block;
    padding: 0 0.5rem;
    border-radius: 999px;
    border: 1px solid var(--_border, #d4d4d8);
    background: var(--_surface, #f4f4f5);
    color: var(--_fg, #18181b);
    font-size: 0.85em;
  }
  .badge[data-tone='success'] {
    border-color: var(--_success, #15803d);
  }
  .badge[data-tone='danger'] {
    border-color: var(--_error, #b91c1c);
  }
  .badge[data-tone='warning'] {
    border-style: dashed;
  }
  button {
    font: inherit;
    cursor: pointer;
    padding: 0.3rem 0.75rem;
    border-radius: var(--_radius, 0.5rem);
    border: 1px solid var(--_accent, #2563eb);
    background: var(--_accent, #2563eb);
    color: var(--_accent-text, #fff);
  }
  button[data-variant='secondary'] {
    background: var(--_bg, #fff);
    color: var(--_fg, #18181b);
    border-color: var(--_border, #d4d4d8);
  }
  button:focus-visible {
    outline: 2px solid var(--_accent, #2563eb);
    outline-offset: 2px;
  }
  .notice {
    margin: 0;
    color: var(--_error, #b91c1c);
  }
`;
