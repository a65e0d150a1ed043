import { css } from 'lit';

/** Styles of the start screen; adopted into the element's shadow root when its chunk loads. */
export const startScreenStyles = css`
  .start-screen {
    display: flex;
    flex-direction: column;
    gap: 0.75rem;
    padding: 1.25rem 0.75rem 0.5rem;
  }

  .greeting {
    margin: 0;
    font-size: 1.25em;
    font-weight: 600;
  }

  .starter-prompts {
    display: flex;
    flex-wrap: wrap;
    gap: 0.5rem;
    margin: 0;
    padding: 0;
    list-style: none;
  }

  .starter-prompts button {
    display: inline-flex;
    gap: 0.375rem;
    align-items: center;
    padding: 0.375rem 0.75rem;
    font-size: 0.9375em;
    text-align: start;
    color: var(--_fg);
    background: var(--_surface);
    border: 1px solid var(--_border);
    border-radius: var(--agent-chat-radius, 0.75rem);
    cursor: pointer;
  }

  .starter-prompts button:hover {
    border-color: var(--_accent);
  }
`;
