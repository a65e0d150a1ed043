import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A server listening on 127.0.0.1: its origin, and how to stop it. */
export interface Listening {
  /** `http://127.0.0.1:<port>`. */
  readonly origin: string;
  /** Ends the open connections and closes the server. */
  close(): Promise<void>;
}

/** Listens on a free port of 127.0.0.1; the server also closes by itself 5 minutes later if not closed. */
export async function listenLocal(server: Server): Promise<Listening> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const idle = setTimeout(() => server.close(), 300_000);
  idle.unref();
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        clearTimeout(idle);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
