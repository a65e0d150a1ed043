import { isAbortError } from '../../errors.js';

/** A fetch whose response bodies end instead of failing when the connection drops, and what dropped it. */
export interface CutAwareFetch {
  readonly fetch: typeof globalThis.fetch;
  /** The error of the connection that dropped mid-body since the last `reset()`, if one did. */
  readonly cut: () => unknown;
  reset(): void;
}

/**
 * `@ag-ui/client` cancels its body reader when a stream fails and rethrows the cancel's rejection from a
 * `.catch`, so a connection dropped mid-body (undici's `TypeError: terminated`, Chromium's network error)
 * becomes an unhandled rejection beside the error the run reports. Here the body ends instead and the
 * drop is remembered: the client sees a stream without `RUN_FINISHED`, which the driver reports as cut,
 * with the drop as the cause. Aborts still fail the body, as the client expects.
 */
export function cutAwareFetch(base: typeof globalThis.fetch): CutAwareFetch {
  let cut: unknown;
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const response = await base(input, init);
    if (!response.body) return response;
    const reader = response.body.getReader();
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        try {
          const { done, value } = await reader.read();
          if (done) controller.close();
          else controller.enqueue(value);
        } catch (error) {
          if (isAbortError(error)) return controller.error(error);
          cut = error;
          controller.close();
        }
      },
      cancel: (reason) => reader.cancel(reason).catch(() => undefined),
    });
    return new Response(body, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
  return {
    fetch,
    cut: () => cut,
    reset() {
      cut = undefined;
    },
  };
}
