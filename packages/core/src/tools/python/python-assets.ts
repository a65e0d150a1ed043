import { MissingDependencyError } from '../../missing-dependency-error.js';
import { PythonUnavailableError } from './python-errors.js';
import { pyodideCdnURL } from './python-version.js';

export { PYODIDE_VERSION, pyodideCdnURL } from './python-version.js';

/** The Pyodide runtime files the sandboxed worker starts from (it cannot fetch them from the site itself). */
export interface PythonAssets {
  /** `pyodide.mjs`, the loader. */
  loader: ArrayBuffer;
  /** `pyodide.asm.mjs`, the Emscripten module. */
  runtime: ArrayBuffer;
  /** `pyodide.asm.wasm`. */
  wasm: ArrayBuffer;
  /** `python_stdlib.zip`, the standard library. */
  stdlib: ArrayBuffer;
  /** `pyodide-lock.json`, parsed: the packages the index offers. */
  lockFile: unknown;
}

const FILES = {
  loader: 'pyodide.mjs',
  runtime: 'pyodide.asm.mjs',
  wasm: 'pyodide.asm.wasm',
  stdlib: 'python_stdlib.zip',
  lockFile: 'pyodide-lock.json',
} as const;

// Fetched once per page and index: a recycled worker starts from the same bytes without the network.
const cache = new Map<string, Promise<PythonAssets>>();

/** Fetches (once) the runtime files served at `indexURL`, e.g. a copy of `node_modules/pyodide/`. */
export function loadPythonAssets(indexURL: string): Promise<PythonAssets> {
  let assets = cache.get(indexURL);
  if (!assets) {
    assets = fetchAssets(indexURL);
    cache.set(indexURL, assets);
    assets.catch(() => cache.delete(indexURL));
  }
  return assets;
}

async function fetchAssets(indexURL: string): Promise<PythonAssets> {
  const read = async (file: string) => {
    const url = new URL(file, indexURL).href;
    let response: Response;
    try {
      response = await fetch(url);
    } catch (error) {
      throw new PythonUnavailableError(`${url} could not be fetched (${String(error)})`, error);
    }
    if (!response.ok) throw new PythonUnavailableError(`${url} answered HTTP ${response.status}`);
    return response;
  };
  const [loader, runtime, wasm, stdlib, lockFile] = await Promise.all([
    read(FILES.loader).then((r) => r.arrayBuffer()),
    read(FILES.runtime).then((r) => r.arrayBuffer()),
    read(FILES.wasm).then((r) => r.arrayBuffer()),
    read(FILES.stdlib).then((r) => r.arrayBuffer()),
    read(FILES.lockFile).then((r) => r.json() as Promise<unknown>),
  ]);
  return { loader, runtime, wasm, stdlib, lockFile };
}

/**
 * The default package index: the Pyodide CDN folder of the runtime's own release. `{version}` is filled in
 * by the sandboxed worker from the loader it runs (`pyodide.mjs` exports its `version`), so packages match
 * the runtime whichever copy the site serves.
 */
export const PYODIDE_CDN_PACKAGES = pyodideCdnURL('{version}');

/** The slice of the `pyodide` npm module read here. */
export interface PyodideModule {
  version: string;
}

/**
 * Where Pyodide's files are when the site sets no `indexURL`: the Pyodide CDN, at the version of the
 * installed `pyodide` package (an optional peer dependency; missing → {@link MissingDependencyError}).
 */
export async function defaultIndexURL(importPyodide?: () => Promise<PyodideModule>): Promise<string> {
  let version: string;
  try {
    // The literal import() stays inside `try`: apps that never install pyodide still build (webpack).
    ({ version } = await (importPyodide ? importPyodide() : import('pyodide')));
  } catch (error) {
    throw new MissingDependencyError('pyodide', 'pythonInterpreter() without an indexURL', error);
  }
  return pyodideCdnURL(version);
}
