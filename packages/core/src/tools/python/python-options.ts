import { ConfigurationError } from '../../errors.js';

/** A file the model's code can read at `/data/<name>` (e.g. an attachment of the conversation). */
export interface PythonFile {
  name: string;
  /** Text (written as UTF-8), bytes or a Blob. */
  data: string | Uint8Array | Blob;
}

/** Options of {@link pythonInterpreter}. */
export interface PythonInterpreterOptions {
  /**
   * Where the files of the npm package `pyodide` are served (`pyodide.mjs`, `pyodide.asm.mjs`,
   * `pyodide.asm.wasm`, `python_stdlib.zip`, `pyodide-lock.json`), e.g. `/pyodide/` after copying
   * `node_modules/pyodide/`. Default: the Pyodide CDN at the installed package's version.
   */
  indexURL?: string;
  /**
   * Where packages beyond the standard library come from when the code imports them (numpy, pandas,
   * matplotlib…), or `'none'` for the standard library only and no network at all. Default: the Pyodide
   * CDN at the runtime's version. The sandbox may connect to this origin, so it must not be the page's own
   * origin (model code could then call the site with the visitor's cookies): that throws
   * {@link ConfigurationError}. Serve self-hosted packages from an origin that holds no cookies.
   */
  packageIndexURL?: string | 'none';
  /** The conversation's files, readable at `/data/<name>`; called before each run. */
  files?: () => Iterable<PythonFile> | Promise<Iterable<PythonFile>>;
  /** Milliseconds one call may run before its worker is ended; default 30 000. */
  timeoutMs?: number;
  /** Milliseconds starting Python may take (download + compile); default 120 000. */
  loadTimeoutMs?: number;
  /** Characters of stdout + stderr kept per call; default 20 000. */
  maxOutputChars?: number;
  /** Bytes of one written file returned (as image or table); default 5 MB. */
  maxFileBytes?: number;
}

/** Options with defaults applied, as the lazily loaded session reads them. */
export interface ResolvedPythonOptions {
  indexURL: string | undefined;
  /** `null`: no packages; `undefined`: the Pyodide CDN at the runtime's version. */
  packageIndexURL: string | null | undefined;
  files: PythonInterpreterOptions['files'];
  timeoutMs: number;
  loadTimeoutMs: number;
  limits: { outputChars: number; fileBytes: number; tableRows: number; files: number };
}

/** Checks the options and applies the defaults; wrong values throw {@link ConfigurationError}. */
export function resolvePythonOptions(options: PythonInterpreterOptions): ResolvedPythonOptions {
  const positive = (name: keyof PythonInterpreterOptions, value: number | undefined, fallback: number) => {
    if (value === undefined) return fallback;
    if (!(Number.isFinite(value) && value > 0))
      throw new ConfigurationError(`pythonInterpreter: ${name} must be a positive number, got ${value}.`);
    return value;
  };
  const url = (name: keyof PythonInterpreterOptions, value: string | undefined) => {
    if (value === undefined || value === 'none') return value;
    try {
      const parsed = new URL(value, globalThis.location?.href);
      return parsed.href.endsWith('/') ? parsed.href : `${parsed.href}/`;
    } catch {
      throw new ConfigurationError(
        `pythonInterpreter: ${name} must be a URL (or "none"), got ${JSON.stringify(value)}.`,
      );
    }
  };
  const indexURL = url('indexURL', options.indexURL);
  if (indexURL === 'none')
    throw new ConfigurationError(
      'pythonInterpreter: indexURL cannot be "none"; the runtime files must come from somewhere.',
    );
  const packages = url('packageIndexURL', options.packageIndexURL);
  if (packages !== undefined && packages !== 'none') refusePageOrigin(packages);
  return {
    indexURL,
    packageIndexURL: packages === 'none' ? null : packages,
    files: options.files,
    timeoutMs: positive('timeoutMs', options.timeoutMs, 30_000),
    loadTimeoutMs: positive('loadTimeoutMs', options.loadTimeoutMs, 120_000),
    limits: {
      outputChars: positive('maxOutputChars', options.maxOutputChars, 20_000),
      fileBytes: positive('maxFileBytes', options.maxFileBytes, 5_000_000),
      tableRows: 200,
      files: 10,
    },
  };
}

/**
 * The sandbox's Content-Security-Policy lets it connect to the package index: on the page's own origin,
 * model code could send requests to the site (simple POSTs need no preflight) with the visitor's cookies.
 */
export function refusePageOrigin(packageIndexURL: string): void {
  const page = globalThis.location?.origin;
  if (!page || page === 'null' || new URL(packageIndexURL, globalThis.location.href).origin !== page) return;
  throw new ConfigurationError(
    `pythonInterpreter: packageIndexURL ${packageIndexURL} is on this page's own origin, which would let model-written code send requests to your site with the visitor's cookies. Leave packageIndexURL unset (the Pyodide CDN), serve the packages from another origin that holds no cookies, or pass "none".`,
  );
}
