import { describe, expect, it } from 'vitest';
import { compose, NextCalledTwiceError } from './compose';
import type { Context, Middleware } from './context';

// compose passes the context through untouched, so an empty object stands in for one.
const c = {} as Context;

describe('compose', () => {
  it('runs the middleware in order around the handler', async () => {
    const order: string[] = [];
    const step =
      (name: string): Middleware =>
      async (_c, next) => {
        order.push(`${name} in`);
        const response = await next();
        order.push(`${name} out`);
        return response;
      };
    const app = compose([step('a'), step('b')], async () => {
      order.push('handler');
      return new Response('ok');
    });
    expect(await (await app(c)).text()).toBe('ok');
    expect(order).toEqual(['a in', 'b in', 'handler', 'b out', 'a out']);
  });

  it('refuses a second next() from one middleware with a typed error, without running the rest again', async () => {
    let handled = 0;
    const twice: Middleware = async (_c, next) => {
      await next();
      return next();
    };
    const app = compose([async (_c, next) => next(), twice], async () => {
      handled++;
      return new Response('ok');
    });
    const error = await app(c).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(NextCalledTwiceError);
    expect(error).toMatchObject({
      code: 'next_called_twice',
      message: expect.stringContaining('Middleware 1'),
    });
    expect(handled).toBe(1);
  });

  it('lets every request call next() once, however many requests run', async () => {
    const app = compose([async (_c, next) => next()], async () => new Response('ok'));
    const answers = await Promise.all([app(c), app(c), app(c)]);
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
  });
});
