import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Plugin } from 'vite';

/** URL path of the probe: an endpoint of "the site" that isolation tests try to reach from sandboxed code. */
export const SITE_PROBE_PATH = '/site-probe/';

interface ProbeHit {
  method: string;
  path: string;
  cookie: string | null;
}

/**
 * Counts the requests that reach the site's probe endpoint, so a test can assert that sandboxed code never
 * got a request through (whatever the browser reported to it). `GET /site-probe/hits` lists them (and is
 * itself not counted), `POST /site-probe/reset` forgets them; any other `/site-probe/*` request is a hit.
 */
export function siteProbe(): Plugin {
  const hits: ProbeHit[] = [];
  const answer = (req: IncomingMessage, res: ServerResponse): boolean => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (!path.startsWith(SITE_PROBE_PATH)) return false;
    const rest = path.slice(SITE_PROBE_PATH.length);
    if (rest === 'hits' && req.method === 'GET') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(hits));
    } else if (rest === 'reset' && req.method === 'POST') {
      hits.length = 0;
      res.writeHead(204).end();
    } else {
      hits.push({ method: req.method ?? '', path, cookie: req.headers.cookie ?? null });
      // Permissive CORS, as a careless endpoint would answer: only the sandbox itself may stop the request.
      res
        .writeHead(200, { 'content-type': 'text/plain', 'access-control-allow-origin': '*' })
        .end('site data');
    }
    return true;
  };
  return {
    name: 'agent-chat-site-probe',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        if (!answer(req, res)) next();
      });
    },
  };
}
