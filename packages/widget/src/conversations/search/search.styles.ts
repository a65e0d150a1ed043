import { css } from 'lit';

/** Styles of the conversation list's search box and timestamps; adopted when the list's chunk loads. */
export const searchStyles = css`
  .conversation-search input {
    width: 100%;
    margin-top: 0.5rem;
    padding: 0.375rem 0.5rem;
    font: inherit;
    color: var(--_fg);
    background: var(--_bg);
    border: 1px solid var(--_border);
    border-radius: 0.375rem;
  }

  .search-status {
    margin: 0.25rem 0 0;
    font-size: 0.875em;
    color: var(--_muted);
  }

  .search-status:empty {
    display: none;
  }

  .conversation-time {
    font-size: 0.8125em;
    color: var(--_muted);
    white-space: nowrap;
    visibility: hidden;
  }

  .conversations li:hover .conversation-time,
  .conversations li:focus-within .conversation-time {
    visibility: visible;
  }
`;
