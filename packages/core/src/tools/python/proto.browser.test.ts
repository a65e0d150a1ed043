import { expect, test } from 'vitest';
import { loadPythonAssets } from './python-assets.js';
import { PythonSandbox } from './python-sandbox.js';

const indexURL = new URL('/pyodide/', location.href).href;

test('proto', async () => {
  const t0 = performance.now();
  const assets = await loadPythonAssets(indexURL);
  const t1 = performance.now();
  const sandbox = await PythonSandbox.start({ assets, packageIndexURL: null, limits: { outputChars: 1000, fileBytes: 1e6 }, loadTimeoutMs: 20_000 });
  const t2 = performance.now();
  const r = await sandbox.run({ code: 'import sys\nprint(sys.version)\n1+1', files: [], packages: false }, 5000);
  const t3 = performance.now();
  console.log(JSON.stringify(r), t1 - t0, t2 - t1, t3 - t2);
  const r2 = await sandbox.run({ code: 'from js import fetch, location\nprint(location.href)\nawait fetch("' + location.origin + '/")', files: [], packages: false }, 5000);
  console.log(JSON.stringify(r2));
  expect(r.value).toBe('2');
}, 120_000);
