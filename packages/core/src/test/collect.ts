import type { AgentEvent, AgentEventOf } from '../events.js';

/** Everything an async iterable yields, in order — an agent run, a model stream; `onItem` sees each as it arrives. */
export async function collect<T>(items: AsyncIterable<T>, onItem?: (item: T) => void): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) {
    out.push(item);
    onItem?.(item);
  }
  return out;
}

/** The events of one type, typed. */
export function ofType<T extends AgentEvent['type']>(
  events: readonly AgentEvent[],
  type: T,
): AgentEventOf<T>[] {
  return events.filter((e): e is AgentEventOf<T> => e.type === type);
}
