/**
 * Resolves once the event loop has run other tasks (input, rendering), so long work split into slices
 * never blocks the page for long. `scheduler.yield()` where there is one, else a MessageChannel message
 * (not throttled in background tabs the way timers are).
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/** Calls `work` on each item, yielding to the page whenever a slice has run `budgetMs` (default 10 ms). */
export async function inSlices<T>(items: Iterable<T>, work: (item: T) => void, budgetMs = 10): Promise<void> {
  let sliceStart = performance.now();
  for (const item of items) {
    work(item);
    if (performance.now() - sliceStart > budgetMs) {
      await yieldToMain();
      sliceStart = performance.now();
    }
  }
}
