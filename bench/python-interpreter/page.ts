// Runs inside Chromium (bundled by ./index.ts): the same Python program timed through agent-chat's
// pythonInterpreter (opaque-origin sandbox) and through Pyodide in a plain same-origin module worker.
import { pythonInterpreter } from '@agent-chat/core';

declare global {
  interface Window {
    pythonBench: typeof api;
  }
}

/** A CSV of 2,000 orders the program summarises, as an attachment would be. */
const SALES = `region,product,units,price\n${Array.from(
  { length: 2000 },
  (_, i) =>
    `${['North', 'South', 'East', 'West'][i % 4]},${['tea', 'coffee', 'cocoa'][i % 3]},${1 + (i % 17)},${(2.5 + (i % 7) * 0.25).toFixed(2)}`,
).join('\n')}\n`;

/** What a model writes for "revenue per region": read the CSV, group, compute statistics, print a table. */
export const PROGRAM = `import csv, statistics
from collections import defaultdict
revenue = defaultdict(list)
with open('/data/sales.csv', newline='') as f:
    for row in csv.DictReader(f):
        revenue[row['region']].append(int(row['units']) * float(row['price']))
print(f"{'region':<8}{'orders':>8}{'total':>12}{'mean':>10}{'stdev':>10}")
for region, values in sorted(revenue.items()):
    print(f"{region:<8}{len(values):>8}{sum(values):>12.2f}{statistics.mean(values):>10.2f}{statistics.stdev(values):>10.2f}")
`;

const INDEX = new URL('/pyodide/', location.href).href;
const context = () => ({ signal: new AbortController().signal, toolCallId: 'bench', runId: 'bench' });
let ours: ReturnType<typeof pythonInterpreter> | undefined;
let reference: Worker | undefined;

function referenceCall(message: Record<string, unknown>): Promise<string> {
  return new Promise((resolve, reject) => {
    reference!.onmessage = (event) =>
      event.data.error ? reject(new Error(event.data.error)) : resolve(String(event.data.stdout));
    reference!.postMessage(message);
  });
}

const api = {
  /** One call of the program through pythonInterpreter; the first call in a page is the cold start. */
  async ours(): Promise<{ ms: number; stdout: string }> {
    ours ??= pythonInterpreter({
      indexURL: INDEX,
      packageIndexURL: 'none',
      files: () => [{ name: 'sales.csv', data: SALES }],
    });
    const started = performance.now();
    const output = await ours.execute({ code: PROGRAM }, context());
    const ms = performance.now() - started;
    const first = output.content[0];
    return { ms, stdout: first?.kind === 'text' ? first.text : '' };
  },
  /** The same program in Pyodide in a plain worker of the page's origin (no isolation), same steps. */
  async reference(): Promise<{ ms: number; stdout: string }> {
    const started = performance.now();
    if (!reference) {
      reference = new Worker('/reference-worker.js', { type: 'module' });
      await referenceCall({ type: 'init', index: INDEX, csv: SALES });
    }
    const stdout = await referenceCall({ type: 'run', code: PROGRAM });
    return { ms: performance.now() - started, stdout };
  },
};

window.pythonBench = api;
