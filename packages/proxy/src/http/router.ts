import { HttpError } from '../shared/http-error.js';
import type { Handler } from './context.js';

/** One route: a path (segments starting with `:` match any one segment) and method, and its handler. */
export interface Route {
  method: string;
  path: string;
  handler: Handler;
}

/**
 * Dispatches to the route matching the path and method: an unknown path is a 404, a known path
 * with another method a 405 carrying `Allow`. Parameters are raw (still percent-encoded) path
 * segments in `c.params`; handlers validate them.
 */
export function router(routes: readonly Route[]): Handler {
  return (c) => {
    const onPath = routes
      .map((route) => ({ route, params: match(route.path, c.url.pathname) }))
      .filter((candidate) => candidate.params !== undefined);
    if (onPath.length === 0) {
      const known = routes.map((route) => `${route.method} ${route.path}`).join(', ');
      throw new HttpError(404, 'not_found', `No such route; the proxy serves ${known}.`);
    }
    const found = onPath.find((candidate) => candidate.route.method === c.request.method);
    if (found === undefined) {
      const allow = onPath.map((candidate) => candidate.route.method).join(', ');
      throw new HttpError(405, 'method_not_allowed', `Use ${allow} for this path.`, {
        headers: { Allow: allow },
      });
    }
    c.params = found.params ?? {};
    return found.route.handler(c);
  };
}

function match(pattern: string, pathname: string): Record<string, string> | undefined {
  if (!pattern.includes(':')) return pattern === pathname ? {} : undefined;
  const expected = pattern.split('/');
  const actual = pathname.split('/');
  if (expected.length !== actual.length) return undefined;
  const params: Record<string, string> = {};
  for (const [index, segment] of expected.entries()) {
    const value = actual[index]!;
    if (segment.startsWith(':')) {
      if (value === '') return undefined;
      params[segment.slice(1)] = value;
    } else if (segment !== value) return undefined;
  }
  return params;
}
