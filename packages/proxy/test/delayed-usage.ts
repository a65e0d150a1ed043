// Test-only: the `USAGE` Durable Object namespace as production sees it from a far-away isolate
// (a delay each way) or not at all. Used by the proxy's limit tests and by bench/proxy-ttfb.
import type { GrantAsk } from '../src/usage/grant';

type Namespace = Pick<DurableObjectNamespace, 'idFromName' | 'get'>;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Wraps a real `USAGE` namespace so every call to a counter waits `ms` before it reaches the
 * Durable Object and `ms` again before its answer arrives: a round trip of `2 × ms`, as between
 * isolates and a Durable Object in another region. The counting itself is the real one.
 */
export function delayedUsage<T extends Namespace>(namespace: T, ms: number): T {
  return {
    idFromName: (name: string) => namespace.idFromName(name),
    get(id: DurableObjectId) {
      const stub = namespace.get(id) as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
      const delayed = (method: string) => async (ask: GrantAsk) => {
        await sleep(ms);
        const answer = await stub[method]!(ask);
        await sleep(ms);
        return answer;
      };
      return { grant: delayed('grant'), consume: delayed('consume'), spent: delayed('spent') };
    },
  } as unknown as T;
}

/**
 * A `USAGE` namespace whose counters never answer (`hang`) or fail at once (`fail`), as when the
 * Durable Object is overloaded or unreachable; counts the calls it was given.
 */
export function unavailableUsage<T extends Namespace>(
  how: 'hang' | 'fail',
): { namespace: T; calls: () => number } {
  let calls = 0;
  const answer = () => {
    calls += 1;
    return how === 'hang'
      ? new Promise<never>(() => {})
      : Promise.reject(new Error('Durable Object is overloaded'));
  };
  const namespace = {
    idFromName: (name: string) => ({ name }),
    get: () => ({ grant: answer, consume: answer, spent: answer }),
  } as unknown as T;
  return { namespace, calls: () => calls };
}

/**
 * Wraps a real `STREAMS` namespace (issue 42) so every call to a stream's store waits `ms` before it
 * reaches the Durable Object, and its answer `ms` again: what a far-away store costs a kept stream.
 */
export function delayedStreams<T extends Namespace>(namespace: T, ms: number): T {
  return {
    idFromName: (name: string) => namespace.idFromName(name),
    get(id: DurableObjectId) {
      const stub = namespace.get(id) as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
      const delayed =
        (method: string) =>
        async (...args: unknown[]) => {
          await sleep(ms);
          const answer = await stub[method]!(...args);
          await sleep(ms);
          return answer;
        };
      return {
        ingest: delayed('ingest'),
        read: delayed('read'),
        stop: delayed('stop'),
        state: delayed('state'),
      };
    },
  } as unknown as T;
}
