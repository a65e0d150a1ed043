import { AbortedError } from '../../errors.js';
import type { PythonAssets } from './python-assets.js';
import { PythonUnavailableError } from './python-errors.js';
import { refusePageOrigin } from './python-options.js';
import { PYTHON_WORKER_SOURCE } from './python-worker-source.js';

/** Caps the worker applies before anything crosses back to the page (the page caps again). */
export interface SandboxLimits {
  /** Characters of stdout + stderr kept per call. */
  outputChars: number;
  /** Bytes of one written file sent back; bigger files are only named. */
  fileBytes: number;
}

/** A file handed to the code, readable at `/data/<name>`. */
export interface SandboxFile {
  name: string;
  data: Uint8Array;
}

/** What one call of the code produced, as the worker reported it (untrusted: validate before use). */
export interface SandboxRunResult {
  stdout: string;
  stderr: string;
  /** Characters of output beyond the cap, not kept. */
  dropped: number;
  /** `repr()` of the last expression, when it was not `None`. */
  value: string | null;
  /** The traceback, when the code raised. */
  error: string | null;
  files: Array<{ path: string; size: number; data: Uint8Array | null }>;
}

/**
 * One Python interpreter in a worker with an opaque origin. The worker is started from a `blob:` URL by a
 * hidden `<iframe sandbox="allow-scripts">` (no `allow-same-origin`), whose Content-Security-Policy the worker
 * inherits: the code has no DOM, no cookies, no storage of the site's origin, and no network except the
 * package index. Removing the iframe ends the worker, which is how a runaway call is stopped.
 */
export class PythonSandbox {
  readonly #frame: HTMLIFrameElement;
  readonly #port: MessagePort;
  #pending: { id: number; settle: (message: unknown, failure?: Error) => void } | undefined;
  #nextId = 1;
  #disposed = false;

  private constructor(frame: HTMLIFrameElement, port: MessagePort) {
    this.#frame = frame;
    this.#port = port;
    port.onmessage = (event) => this.#pending?.settle(event.data);
    this.#onFrameMessage = (event: MessageEvent) => {
      const reason = (event.data as { workerError?: unknown } | null)?.workerError;
      if (event.source === frame.contentWindow && typeof reason === 'string')
        this.#pending?.settle(undefined, new Error(`the Python worker failed: ${reason}`));
    };
    addEventListener('message', this.#onFrameMessage);
  }

  readonly #onFrameMessage: (event: MessageEvent) => void;

  /** Starts a sandbox and loads Python in it; rejects with {@link PythonUnavailableError} when it cannot. */
  static async start(options: {
    assets: PythonAssets;
    packageIndexURL: string | null;
    limits: SandboxLimits;
    signal?: AbortSignal | undefined;
    loadTimeoutMs: number;
  }): Promise<PythonSandbox> {
    // `{version}` in the index is filled in by the worker (see PYODIDE_CDN_PACKAGES); a ConfigurationError
    // for an index on the page's origin is thrown from here, before any frame exists.
    if (typeof document === 'undefined')
      throw new PythonUnavailableError('it needs a browser page (the sandbox is an iframe with a worker)');
    const frame = document.createElement('iframe');
    frame.setAttribute('sandbox', 'allow-scripts');
    frame.setAttribute('aria-hidden', 'true');
    frame.tabIndex = -1;
    frame.style.display = 'none';
    frame.srcdoc = frameDocument(options.packageIndexURL);
    const loaded = new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
    document.body.append(frame);
    const channel = new MessageChannel();
    const sandbox = new PythonSandbox(frame, channel.port1);
    try {
      await loaded;
      frame.contentWindow?.postMessage({ source: PYTHON_WORKER_SOURCE, port: channel.port2 }, '*', [
        channel.port2,
      ]);
      const { assets, packageIndexURL, limits } = options;
      await sandbox.#request(
        { type: 'init', assets, packageIndexURL, limits },
        options.loadTimeoutMs,
        options.signal,
      );
      return sandbox;
    } catch (error) {
      sandbox.dispose();
      if (error instanceof AbortedError) throw error;
      throw new PythonUnavailableError(error instanceof Error ? error.message : String(error), error);
    }
  }

  /** Runs code; rejects with `SandboxTimeout` after `timeoutMs` (the sandbox is then disposed). */
  async run(
    call: { code: string; files: SandboxFile[]; packages: boolean },
    timeoutMs: number,
    signal?: AbortSignal,
  ): Promise<SandboxRunResult> {
    const answer = await this.#request({ type: 'run', ...call }, timeoutMs, signal);
    return answer as SandboxRunResult;
  }

  get disposed(): boolean {
    return this.#disposed;
  }

  /** Ends the worker (a running call included) and removes the iframe. */
  dispose(): void {
    if (this.#disposed) return;
    this.#disposed = true;
    this.#port.close();
    removeEventListener('message', this.#onFrameMessage);
    this.#frame.remove();
    this.#pending?.settle(undefined, new SandboxEnded('the sandbox was stopped'));
  }

  #request(message: Record<string, unknown>, timeoutMs: number, signal?: AbortSignal): Promise<unknown> {
    if (this.#disposed) return Promise.reject(new SandboxEnded('the sandbox was stopped'));
    if (signal?.aborted) return Promise.reject(new AbortedError(signal.reason));
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        settle(undefined, new AbortedError(signal?.reason));
        this.dispose();
      };
      const timer = setTimeout(() => {
        settle(undefined, new SandboxTimeout(timeoutMs));
        this.dispose();
      }, timeoutMs);
      const settle = (answer: unknown, failure?: Error) => {
        if (failure === undefined && !isAnswerTo(answer, id)) return;
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        this.#pending = undefined;
        const type = (answer as { type?: unknown } | undefined)?.type;
        if (failure) reject(failure);
        else if (type === 'failed') reject(new Error(String((answer as { message?: unknown }).message)));
        else resolve(answer);
      };
      this.#pending = { id, settle };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.#port.postMessage({ ...message, id });
    });
  }
}

/** The call ran past its time limit; the sandbox is gone. */
export class SandboxTimeout extends Error {
  constructor(readonly timeoutMs: number) {
    super(`ran longer than ${timeoutMs} ms`);
  }
}

/** The sandbox was disposed while a call was waiting for it. */
export class SandboxEnded extends Error {}

function isAnswerTo(answer: unknown, id: number): boolean {
  if (typeof answer !== 'object' || answer === null) return false;
  const { type, id: answerId } = answer as { type?: unknown; id?: unknown };
  // `ready` answers `init`, which is the only request while starting.
  return type === 'ready' || ((type === 'result' || type === 'failed') && answerId === id);
}

/**
 * The iframe's document: a CSP the worker inherits, and a script that starts the worker from the source it
 * is sent by its parent (only its parent: `event.source` is checked) and hands the worker its port.
 */
function frameDocument(packageIndexURL: string | null): string {
  // Never the page's own origin (its endpoints, the visitor's cookies): refused here whatever the caller.
  if (packageIndexURL) refusePageOrigin(packageIndexURL);
  const index = packageIndexURL ? ` ${new URL(packageIndexURL).origin}` : '';
  const policy = [
    "default-src 'none'",
    "script-src 'unsafe-inline' blob: 'wasm-unsafe-eval'",
    'worker-src blob:',
    `connect-src blob:${index}`,
  ].join('; ');
  const script = `let started = false;
addEventListener('message', (event) => {
  if (started || event.source !== parent || !event.data || typeof event.data.source !== 'string') return;
  started = true;
  const url = URL.createObjectURL(new Blob([event.data.source], { type: 'text/javascript' }));
  const worker = new Worker(url, { name: 'agent-chat-python' });
  worker.onerror = (error) => parent.postMessage({ workerError: error.message || 'its script did not load' }, '*');
  worker.postMessage({ port: event.data.port }, [event.data.port]);
});`;
  return `<!doctype html><meta http-equiv="Content-Security-Policy" content="${policy}"><script>${script}</script>`;
}
