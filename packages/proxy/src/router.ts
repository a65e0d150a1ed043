import type { Handler } from './context';
import { HttpError } from './http-error';

/** One route: an exact path and method and the handler that serves it. */
export interface Route {
  method: string;
  path: string;
  handler: Handler;
}

/**
 * Dispatches to the route matching the exact path and method: an unknown path is a 404, a known
 * path with another method a 405 carrying `Allow`.
 */
export function router(routes: readonly Route[]): Handler {
  return (c) => {
    const onPath = routes.filter((route) => route.path === c.url.pathname);
    if (onPath.length === 0) {
      const known = routes.map((route) => `${route.method} ${route.path}`).join(', ');
      throw new HttpError(404, 'not_found', `No such route; the proxy serves ${known}.`);
    }
    const route = onPath.find((candidate) => candidate.method === c.request.method);
    if (route === undefined) {
      const allow = onPath.map((candidate) => candidate.method).join(', ');
      throw new HttpError(405, 'method_not_allowed', `Use ${allow} for ${c.url.pathname}.`, {
        headers: { Allow: allow },
      });
    }
    return route.handler(c);
  };
}
