import type { Handler, Middleware } from './context.js';

/**
 * Chains middleware in order in front of a handler, each deciding whether to call `next()`.
 * @example const app = compose([cors(), bodyLimit()], router(routes));
 */
export function compose(middleware: readonly Middleware[], handler: Handler): Handler {
  return (c) => {
    const dispatch = (index: number): Promise<Response> => {
      const current = middleware[index];
      return current === undefined ? handler(c) : current(c, () => dispatch(index + 1));
    };
    return dispatch(0);
  };
}
