import type { RunTelemetry, TelemetryOptions } from './otel-telemetry.js';
import type { RunLogRecord } from './run-log.js';

/**
 * The run's telemetry, with the span code (and @opentelemetry/api, an optional peer) loaded on the
 * first record: agents without a tracer never download either.
 */
export function lazyTelemetry(options: TelemetryOptions): RunTelemetry {
  let loaded: Promise<RunTelemetry> | undefined;
  let queue: Promise<void> = Promise.resolve();
  return {
    record(record: RunLogRecord) {
      loaded ??= import('./otel-telemetry.js').then((m) => m.otelTelemetry(options));
      const telemetry = loaded;
      queue = queue.then(async () => (await telemetry).record(record));
    },
    async flush() {
      await queue;
      await (await loaded)?.flush();
    },
  };
}
