import { AbortedError } from '../../errors.js';
import { type ToolOutput, toolOutput } from '../tool-output.js';
import { defaultIndexURL, loadPythonAssets, PYODIDE_CDN_PACKAGES } from './python-assets.js';
import { PythonTimeoutError } from './python-errors.js';
import type { PythonFile, ResolvedPythonOptions } from './python-options.js';
import { readRunResult, resultContent } from './python-results.js';
import { PythonSandbox, type SandboxFile, SandboxTimeout } from './python-sandbox.js';

/**
 * One conversation's Python: a sandbox started on the first call and kept, so variables, imports and
 * files persist between calls. A timeout, a stop or a crash ends the sandbox; the next call starts a fresh
 * one and its result begins with a note that the earlier state is gone. Loaded lazily by
 * `pythonInterpreter()`, with the Pyodide runtime fetched only then.
 */
export class PythonSession {
  readonly #options: ResolvedPythonOptions;
  #sandbox: Promise<PythonSandbox> | undefined;
  /** Why the previous sandbox's state was lost, told to the model with the next result. */
  #lost: string | undefined;
  /** Attachments already written to `/data` of the current sandbox, by name. */
  #written = new Map<string, PythonFile['data']>();
  #calls = 0;
  /** The package index of the running sandbox (`null`: none). */
  #packageIndex: string | null = null;

  constructor(options: ResolvedPythonOptions) {
    this.#options = options;
  }

  /** Runs one call of model code and returns what it printed, its value, traceback and files. */
  async run(code: string, signal: AbortSignal): Promise<ToolOutput> {
    const sandbox = await this.#start(signal);
    const files = await this.#newFiles();
    const { limits } = this.#options;
    try {
      const raw = await sandbox.run(
        { code, files, packages: this.#packageIndex !== null },
        this.#options.timeoutMs,
        signal,
      );
      this.#calls++;
      const notice = this.#lost;
      this.#lost = undefined;
      return toolOutput(resultContent(readRunResult(raw, limits), limits, notice));
    } catch (error) {
      const hadState = this.#calls > 0 || this.#lost !== undefined;
      this.#recycle();
      if (error instanceof SandboxTimeout) {
        this.#lost =
          'Note: the Python session was restarted after a timeout; variables, imports and files from earlier calls are gone.';
        throw new PythonTimeoutError(error.timeoutMs);
      }
      if (hadState)
        this.#lost = `Note: the Python session was restarted (${error instanceof AbortedError ? 'the previous call was stopped' : 'the interpreter failed'}); variables, imports and files from earlier calls are gone.`;
      throw error;
    }
  }

  /** Ends the sandbox; the next call starts a fresh one (no "state lost" note: the caller chose it). */
  reset(): void {
    this.#recycle();
    this.#lost = undefined;
  }

  #recycle(): void {
    const sandbox = this.#sandbox;
    this.#sandbox = undefined;
    this.#written = new Map();
    this.#calls = 0;
    sandbox?.then((s) => s.dispose()).catch(() => {});
  }

  #start(signal: AbortSignal): Promise<PythonSandbox> {
    const current = this.#sandbox;
    if (current) return current.then((s) => (s.disposed ? this.#restart(signal) : s));
    return this.#restart(signal);
  }

  #restart(signal: AbortSignal): Promise<PythonSandbox> {
    const { indexURL, packageIndexURL, limits, loadTimeoutMs } = this.#options;
    const started = (async () => {
      const index = indexURL ?? (await defaultIndexURL());
      const assets = await loadPythonAssets(index);
      this.#packageIndex = packageIndexURL === undefined ? PYODIDE_CDN_PACKAGES : packageIndexURL;
      return PythonSandbox.start({
        assets,
        packageIndexURL: this.#packageIndex,
        limits: { outputChars: limits.outputChars, fileBytes: limits.fileBytes },
        signal,
        loadTimeoutMs,
      });
    })();
    this.#sandbox = started;
    this.#written = new Map();
    started.catch(() => {
      if (this.#sandbox === started) this.#sandbox = undefined;
    });
    return started;
  }

  /** The attachments not yet written to this sandbox's `/data`, as bytes. */
  async #newFiles(): Promise<SandboxFile[]> {
    const files = (await this.#options.files?.()) ?? [];
    const fresh: SandboxFile[] = [];
    for (const file of files) {
      const name = file.name.replace(/[/\\\0]/g, '_');
      if (!name || name === '.' || name === '..' || this.#written.get(name) === file.data) continue;
      this.#written.set(name, file.data);
      const data =
        typeof file.data === 'string'
          ? new TextEncoder().encode(file.data)
          : file.data instanceof Blob
            ? new Uint8Array(await file.data.arrayBuffer())
            : file.data;
      fresh.push({ name, data });
    }
    return fresh;
  }
}
