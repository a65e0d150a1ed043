import { afterAll, beforeAll } from 'vitest';
import { startWidgetStack, type WidgetStack, type WidgetStackOptions } from './widget-stack.ts';

/**
 * A widget stack started before the test file's tests (within 180 s) and stopped after them; its parts are
 * there from the first test on. `options` may be a function that first starts what the stack needs (e.g.
 * MCP servers) and returns the options; `after` stops those, once the stack has stopped.
 */
export function useWidgetStack(
  options: WidgetStackOptions | (() => Promise<WidgetStackOptions>),
  after?: () => Promise<void>,
): WidgetStack {
  const stack = {} as WidgetStack;
  let started: WidgetStack | undefined;
  beforeAll(async () => {
    started = await startWidgetStack(typeof options === 'function' ? await options() : options);
    Object.assign(stack, started);
  }, 180_000);
  afterAll(async () => {
    await started?.stop();
    await after?.();
  });
  return stack;
}
