/**
 * Two readers of one body: `toClient` and `toStore`, each getting every chunk as it arrives. Unlike
 * `ReadableStream.tee()`, whose branches workerd cannot pipe into another native stream (the proxy's
 * log pipe does), both branches are plain streams. The body is read as fast as it comes (a model
 * stream is slow and its size bounded by `max_tokens`), so a branch whose reader went away — the
 * client on reload — never holds the other back; only when both are gone is the body cancelled.
 */
export function splitStream(
  body: ReadableStream<Uint8Array>,
): [ReadableStream<Uint8Array>, ReadableStream<Uint8Array>] {
  const reader = body.getReader();
  const open = [true, true];
  const controllers: ReadableStreamDefaultController<Uint8Array>[] = [];
  const each = (act: (controller: ReadableStreamDefaultController<Uint8Array>) => void) => {
    controllers.forEach((controller, index) => {
      if (!open[index]) return;
      try {
        act(controller);
      } catch {
        open[index] = false;
      }
    });
  };
  const pump = async () => {
    try {
      for (;;) {
        const next = await reader.read();
        if (next.done) {
          each((controller) => controller.close());
          return;
        }
        each((controller) => controller.enqueue(next.value));
      }
    } catch (error) {
      each((controller) => controller.error(error));
    }
  };
  const branch = (index: number) =>
    new ReadableStream<Uint8Array>({
      start(controller) {
        controllers[index] = controller;
        if (controllers.length === 2 && controllers[0] !== undefined) void pump();
      },
      cancel() {
        open[index] = false;
        if (!open[0] && !open[1]) void reader.cancel().catch(() => {});
      },
    });
  return [branch(0), branch(1)];
}
