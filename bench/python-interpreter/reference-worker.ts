/**
 * The reference subject's worker: Pyodide loaded the ordinary way (its own loader fetching its files
 * from the page's origin) in a same-origin module worker, the attachment written to /data, stdout
 * collected per call. Served as JavaScript as it is (no imports, no types beyond erasable ones).
 */
export const REFERENCE_WORKER = `
let pyodide;
let stdout = '';
self.onmessage = async ({ data }) => {
  try {
    if (data.type === 'init') {
      const { loadPyodide } = await import(data.index + 'pyodide.mjs');
      pyodide = await loadPyodide({ indexURL: data.index });
      pyodide.setStdout({ batched: (line) => { stdout += line + '\\n'; } });
      pyodide.FS.mkdirTree('/data');
      pyodide.FS.writeFile('/data/sales.csv', data.csv);
      self.postMessage({ stdout: '' });
    } else {
      stdout = '';
      await pyodide.runPythonAsync(data.code);
      self.postMessage({ stdout });
    }
  } catch (error) {
    self.postMessage({ error: String(error) });
  }
};
`;
