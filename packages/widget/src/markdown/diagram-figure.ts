// The figure of a ```mermaid block: built at once (the source in a `<details>`), drawn by diagram.ts, a
// chunk of its own loaded with the first diagram (with Mermaid behind it), so answers without diagrams do
// not download it.

import { diagramFailed } from './diagram-failed.js';
import { markdownStrings } from './markdown-strings.js';

/**
 * A `<figure class="diagram">` for Mermaid `source`: the drawing (filled in when Mermaid has drawn it) and
 * `code`, the source's code block, in a `<details>`.
 */
export function renderDiagram(source: string, code: HTMLElement): HTMLElement {
  const figure = document.createElement('figure');
  figure.className = 'diagram';
  const view = figure.appendChild(document.createElement('div'));
  view.className = 'diagram-view';
  const details = figure.appendChild(document.createElement('details'));
  // Drawn later: the words are taken now, from the render going on.
  const strings = markdownStrings();
  details.appendChild(document.createElement('summary')).textContent =
    strings.diagramSource ?? 'Diagram source';
  details.append(code);
  import('./diagram.js').then(
    ({ drawDiagram }) => drawDiagram(source, view, details, strings),
    (error: unknown) => {
      view.textContent = diagramFailed(strings, String(error));
      details.open = true;
    },
  );
  return figure;
}
