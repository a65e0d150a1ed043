// Diagrams in answers: a finished ```mermaid block drawn by Mermaid (diagram-mermaid.ts: strict security
// level, no HTML labels). The script-tag build draws in a sandboxed frame served beside agent-chat.js
// (diagram-frame-client.ts): Mermaid sets innerHTML and inserts a <style> while it draws, which a page that
// enforces Trusted Types or a strict style-src refuses, and in the frame nothing it makes can reach the page.
// When the frame does not start (its file not served, or the page's CSP has no frame-src for it) and in
// other builds (an app's bundler, where the frame's page is not built), Mermaid draws in the page, a lazy
// chunk fetched with the first diagram. The SVG is shown as an image (`<img src="data:image/svg+xml…">`):
// an SVG image can run no script, load nothing and take no event, so nothing a model writes into a diagram
// reaches the page. The source stays one click away (a `<details>` under the diagram); a diagram Mermaid
// cannot draw shows its source open, with the error.

import { diagramFailed } from './diagram-failed.js';
import { DiagramFrameUnavailableError, drawInFrame } from './diagram-frame-client.js';
import { FRAME_FILE } from './diagram-messages.js';
import type { MarkdownStrings } from './markdown-strings.js';

declare const __AGENT_CHAT_SCRIPT_TAG__: boolean | undefined;

/** Where the diagram frame's page is: beside this chunk in the script-tag build, nowhere otherwise. */
let frameUrl: string | undefined =
  typeof __AGENT_CHAT_SCRIPT_TAG__ === 'undefined' ? undefined : new URL(FRAME_FILE, import.meta.url).href;

/** Draws in the frame at `url` (its page built by scripts/diagram-frame.ts), or in the page (undefined). */
export function useDiagramFrame(url: string | undefined): void {
  frameUrl = url;
}

async function svgOf(source: string): Promise<string> {
  if (frameUrl)
    try {
      return await drawInFrame(frameUrl, source);
    } catch (error) {
      if (!(error instanceof DiagramFrameUnavailableError)) throw error;
      frameUrl = undefined;
    }
  const { mermaidSvg } = await import('./diagram-mermaid.js');
  return mermaidSvg(source);
}

/** Draws Mermaid `source` into `view`; on failure says why there and opens `details` (the source). */
export async function drawDiagram(
  source: string,
  view: HTMLElement,
  details: HTMLDetailsElement,
  strings: MarkdownStrings = {},
): Promise<void> {
  try {
    const svg = await svgOf(source);
    const image = document.createElement('img');
    image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
    image.alt = strings.diagramAlt ?? 'Diagram (its source follows)';
    view.replaceChildren(image);
  } catch (error) {
    view.className = 'diagram-error';
    view.setAttribute('role', 'note');
    view.textContent = diagramFailed(strings, error instanceof Error ? error.message : String(error));
    details.open = true;
  }
}
