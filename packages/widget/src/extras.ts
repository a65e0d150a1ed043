// The one lazy chunk of the launcher / panel modes and voice: small, so a page that uses either loads both.
export { DisplayShell } from './display-shell.js';
export { Voice } from './voice.js';
