import type { MarkdownStrings } from './markdown-strings.js';

/** The text shown in place of a diagram that could not be drawn, `error` saying why. */
export function diagramFailed(strings: MarkdownStrings, error: string): string {
  return (strings.diagramFailed ?? 'The diagram could not be drawn: {error}').replace('{error}', error);
}
