// The one lazy chunk of the launcher / panel modes and voice: small, so a page that uses either loads both.
export { DisplayShell } from '../display/display-shell.js';
export { Voice } from '../voice/voice.js';
