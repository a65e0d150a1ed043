// The widget's side of the diagram frame (diagram-frame-main.ts): one hidden frame, opened with the first
// diagram and kept for the next ones, `sandbox="allow-scripts"` without `allow-same-origin` (an opaque
// origin: it cannot reach the page, its storage or its cookies). Requests and replies are checked both
// ways (diagram-messages.ts); here only replies from that frame's window with an opaque origin count.

import { drawRequest, type FrameReply, readFrameReply } from './diagram-messages.js';

/** Thrown when the frame's page did not start: its file is not served, or the site's policy blocks it. */
export class DiagramFrameUnavailableError extends Error {
  readonly code = 'diagram-frame-unavailable';
}

/** How long the frame's page may take to answer once its document has loaded. */
const READY_AFTER_LOAD_MS = 3_000;
/** How long one diagram may take. */
const DRAW_TIMEOUT_MS = 30_000;

interface Frame {
  iframe: HTMLIFrameElement;
  window: Window;
  close(): void;
  waiting: Map<number, (reply: FrameReply) => void>;
}

let opening: Promise<Frame> | undefined;
let requests = 0;

function hide(iframe: HTMLIFrameElement): void {
  // CSSOM, not a style attribute: allowed under a strict style-src.
  Object.assign(iframe.style, {
    position: 'fixed',
    left: '-10px',
    top: '-10px',
    width: '1px',
    height: '1px',
    border: '0',
    opacity: '0',
    pointerEvents: 'none',
  });
}

function open(url: string): Promise<Frame> {
  return new Promise((resolve, reject) => {
    const iframe = document.createElement('iframe');
    iframe.setAttribute('sandbox', 'allow-scripts');
    iframe.setAttribute('aria-hidden', 'true');
    iframe.tabIndex = -1;
    iframe.title = 'Diagram drawing (hidden)';
    hide(iframe);
    const waiting = new Map<number, (reply: FrameReply) => void>();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onMessage = (event: MessageEvent) => {
      if (event.source !== iframe.contentWindow || event.origin !== 'null') return;
      const reply = readFrameReply(event.data);
      if (!reply) return;
      if ('ready' in reply) {
        clearTimeout(timer);
        resolve({
          iframe,
          window: event.source as Window,
          waiting,
          close: () => removeEventListener('message', onMessage),
        });
      } else waiting.get(reply.id)?.(reply);
    };
    const fail = () => {
      removeEventListener('message', onMessage);
      iframe.remove();
      reject(
        new DiagramFrameUnavailableError(
          `The diagram frame (${url}) did not start: serve it beside agent-chat.js and allow it in the page's Content-Security-Policy (frame-src).`,
        ),
      );
    };
    addEventListener('message', onMessage);
    iframe.addEventListener('load', () => {
      timer ??= setTimeout(fail, READY_AFTER_LOAD_MS);
    });
    iframe.src = url;
    document.body.append(iframe);
  });
}

/**
 * The SVG the diagram frame at `url` draws for Mermaid `source`. Rejects with Mermaid's error, or with
 * DiagramFrameUnavailableError when the frame does not start (then again at once for later diagrams).
 */
export async function drawInFrame(url: string, source: string): Promise<string> {
  opening ??= open(url);
  let frame = await opening;
  // A page that empties its body takes the frame with it: open another.
  if (!frame.iframe.isConnected) {
    frame.close();
    opening = open(url);
    frame = await opening;
  }
  const id = ++requests;
  const reply = await new Promise<FrameReply>((resolve) => {
    const timer = setTimeout(
      () => resolve({ id, error: `Drawing took longer than ${DRAW_TIMEOUT_MS / 1000} s.` }),
      DRAW_TIMEOUT_MS,
    );
    frame.waiting.set(id, (answer) => {
      clearTimeout(timer);
      resolve(answer);
    });
    frame.window.postMessage(drawRequest(id, source), '*');
  });
  frame.waiting.delete(id);
  if ('svg' in reply) return reply.svg;
  throw new Error('error' in reply ? reply.error : 'The diagram frame gave no drawing.');
}
