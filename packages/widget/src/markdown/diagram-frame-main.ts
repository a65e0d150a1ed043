// The script of the diagram frame's page (agent-chat-diagram-frame.html, built by scripts/diagram-frame.ts
// with Mermaid inlined): the widget opens the page in a sandboxed frame (`sandbox="allow-scripts"`, an
// opaque origin that cannot reach the page) under the page's own policy (no network, only this script), and
// asks it to draw. Here Mermaid may set innerHTML and insert its <style>: nothing of the site's
// Trusted Types or CSP is in its way, and nothing it makes can touch the site.

import { mermaidSvg } from './diagram-mermaid.js';
import { frameReply, readDrawRequest } from './diagram-messages.js';

addEventListener('message', (event) => {
  // Only the window that framed this page, with a request of the expected shape and size.
  if (event.source !== parent || event.source === window) return;
  const request = readDrawRequest(event.data);
  if (!request) return;
  const target = event.origin === 'null' ? '*' : event.origin;
  mermaidSvg(request.source).then(
    (svg) => parent.postMessage(frameReply({ id: request.id, svg }), target),
    (error: unknown) =>
      parent.postMessage(
        frameReply({ id: request.id, error: error instanceof Error ? error.message : String(error) }),
        target,
      ),
  );
});

if (parent !== window) parent.postMessage(frameReply({ ready: true }), '*');
