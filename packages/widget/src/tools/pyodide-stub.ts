// Stands in for the `pyodide` package in the script-tag build (see vite.config.ts): the build must not
// bundle Pyodide's loader (its Node branches), and a script-tag page gets the runtime files from
// `pyodide-url` or the CDN, never from a resolved package. Only the version is read from it.
export { PYODIDE_VERSION as version } from '@agent-chat/core';
