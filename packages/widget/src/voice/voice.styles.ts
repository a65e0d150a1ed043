import { css } from 'lit';

/** Styles of the microphone button, the read-aloud control and the dictation notice. */
export const voiceStyles = css`
  .microphone {
    display: grid;
    place-items: center;
    align-self: stretch;
    padding: 0 0.6rem;
    color: var(--_fg);
    background: transparent;
    border-color: var(--_border);
  }

  .microphone[aria-pressed='true'] {
    color: var(--_accent-text);
    background: var(--_error);
  }

  .read-aloud {
    display: block;
    margin-top: 0.375rem;
    padding: 0.125rem 0.5rem;
    font-size: 0.8125em;
    color: var(--_fg);
    background: transparent;
    border-color: var(--_border);
  }

  .voice-notice {
    margin: 0 0.75rem 0.25rem;
    font-size: 0.875em;
    color: var(--_error);
  }
`;
