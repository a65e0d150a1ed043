import type { Handler, Middleware } from './context.js';

/**
 * A middleware called `next()` a second time for one request, which would run the rest of the chain
 * (and the route, with its upstream call and charge) twice. A bug in that middleware: await `next()`
 * once and reuse its response. Answered like any unexpected error (500 `internal_error`, logged).
 */
export class NextCalledTwiceError extends Error {
  readonly code = 'next_called_twice';
  constructor(index: number) {
    super(`Middleware ${index} of the chain called next() more than once; call it at most once per request.`);
    this.name = 'NextCalledTwiceError';
  }
}

/**
 * Chains middleware in order in front of a handler, each deciding whether to call `next()` (at most
 * once: a second call rejects with {@link NextCalledTwiceError} and runs nothing).
 * @example const app = compose([cors(), bodyLimit()], router(routes));
 */
export function compose(middleware: readonly Middleware[], handler: Handler): Handler {
  return (c) => {
    let reached = -1;
    const dispatch = (index: number): Promise<Response> => {
      if (index <= reached) return Promise.reject(new NextCalledTwiceError(index - 1));
      reached = index;
      const current = middleware[index];
      return current === undefined ? handler(c) : current(c, () => dispatch(index + 1));
    };
    return dispatch(0);
  };
}
