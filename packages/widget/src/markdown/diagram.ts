// Diagrams in answers: a finished ```mermaid block drawn by Mermaid (a lazy chunk fetched with the first
// diagram) in its strict security level (labels sanitized, `click` handlers and scripts refused, directives
// cannot lower it), without HTML labels. The SVG it makes is shown as an image (`<img src="data:image/svg+xml…">`):
// an SVG image can run no script, load nothing and take no event, so nothing a model writes into a diagram
// reaches the page. The source stays one click away (a `<details>` under the diagram); a diagram Mermaid
// cannot draw shows its source open, with the error. Mermaid sets `innerHTML` and inserts a `<style>` while
// it draws: on a page that enforces Trusted Types it fails, and the source is shown with that error.

type Mermaid = typeof import('mermaid').default;

let loading: Promise<Mermaid> | undefined;
/** Mermaid draws one diagram at a time. */
let queue: Promise<void> = Promise.resolve();
let drawn = 0;

function loadMermaid(): Promise<Mermaid> {
  loading ??= import('mermaid').then(
    ({ default: mermaid }) => {
      mermaid.initialize({
        startOnLoad: false,
        securityLevel: 'strict',
        htmlLabels: false,
        suppressErrorRendering: true,
        maxTextSize: 20_000,
        maxEdges: 500,
        theme: 'neutral',
      });
      return mermaid;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** Draws Mermaid `source` into `view`; on failure says why there and opens `details` (the source). */
export function drawDiagram(source: string, view: HTMLElement, details: HTMLDetailsElement): Promise<void> {
  queue = queue.then(() => draw(source, view, details));
  return queue;
}

async function draw(source: string, view: HTMLElement, details: HTMLDetailsElement): Promise<void> {
  try {
    const mermaid = await loadMermaid();
    const { svg } = await mermaid.render(`agent-chat-diagram-${++drawn}`, source);
    const image = document.createElement('img');
    image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
    image.alt = 'Diagram (its source follows)';
    view.replaceChildren(image);
  } catch (error) {
    view.className = 'diagram-error';
    view.setAttribute('role', 'note');
    view.textContent = `The diagram could not be drawn: ${error instanceof Error ? error.message : String(error)}`;
    details.open = true;
  }
}
