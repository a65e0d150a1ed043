import { afterAll, beforeAll } from 'vitest';
import { startWidgetStack, type WidgetStack, type WidgetStackOptions } from './widget-stack.ts';

/**
 * A widget stack started before the test file's tests (within 180 s) and stopped after them; its parts are
 * there from the first test on.
 */
export function useWidgetStack(options: WidgetStackOptions): WidgetStack {
  const stack = {} as WidgetStack;
  let started: WidgetStack | undefined;
  beforeAll(async () => {
    started = await startWidgetStack(options);
    Object.assign(stack, started);
  }, 180_000);
  afterAll(async () => {
    await started?.stop();
  });
  return stack;
}
