// The Pyodide release and its CDN folder: exported from the root entry, apart from the asset loading
// (python-assets.ts) that only the code interpreter's lazy chunk needs.

/** The Pyodide release agent-chat is tested with (the dev dependency; peer range `>=314 <315`). */
export const PYODIDE_VERSION = '314.0.7';

/**
 * The Pyodide CDN folder of a release (default {@link PYODIDE_VERSION}): an `indexURL` for pages that
 * do not host the files themselves and cannot resolve the `pyodide` package (a script-tag page).
 */
export function pyodideCdnURL(version: string = PYODIDE_VERSION): string {
  return `https://cdn.jsdelivr.net/pyodide/v${version}/full/`;
}
