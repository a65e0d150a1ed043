// Mermaid as the widget draws with it, in the page (diagram.ts) or in the diagram frame
// (diagram-frame-main.ts): its strict security level (labels sanitized, `click` handlers and scripts
// refused, directives cannot lower it), no HTML labels, no error drawing, bounded input.

import { MAX_SOURCE_CHARS } from './diagram-messages.js';

type Mermaid = typeof import('mermaid').default;

let loading: Promise<Mermaid> | undefined;
/** Mermaid draws one diagram at a time. */
let queue: Promise<unknown> = Promise.resolve();
let drawn = 0;

function loadMermaid(): Promise<Mermaid> {
  loading ??= import('mermaid').then(
    ({ default: mermaid }) => {
      mermaid.initialize({
        startOnLoad: false,
        securityLevel: 'strict',
        htmlLabels: false,
        suppressErrorRendering: true,
        maxTextSize: MAX_SOURCE_CHARS,
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

/** The SVG Mermaid draws for `source` (one diagram at a time); rejects with Mermaid's error. */
export function mermaidSvg(source: string): Promise<string> {
  const svg = queue.then(async () => {
    const mermaid = await loadMermaid();
    return (await mermaid.render(`agent-chat-diagram-${++drawn}`, source)).svg;
  });
  queue = svg.catch(() => {});
  return svg;
}
