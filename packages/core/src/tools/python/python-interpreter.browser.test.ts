import { afterAll, describe, expect, it } from 'vitest';
import { createAgent } from '../../agent/create-agent.js';
import { memoryStore } from '../../memory/memory-store.js';
import type { ContentItem } from '../../model/content.js';
import { collect, ofType } from '../../test/collect.js';
import { mockModel } from '../../test/mock-model.js';
import { executeTool } from '../execute-tool-call.js';
import type { Tool } from '../tool.js';
import { pythonInterpreter } from './python-interpreter.js';

// The runtime files of the npm package `pyodide`, served by the test server as a site would serve a copy.
const indexURL = new URL('/pyodide/', location.href).href;

const SALES = `region,product,units,price
North,tea,12,3.5
North,coffee,30,4.25
South,tea,8,3.5
South,coffee,22,4.0
South,cocoa,5,5.0
East,tea,17,3.75
`;

// One interpreter for the suite, as one conversation would have: each cold start costs seconds.
const python = pythonInterpreter({
  indexURL,
  packageIndexURL: 'none',
  files: () => [{ name: 'sales.csv', data: SALES }],
  timeoutMs: 5_000,
  maxOutputChars: 2_000,
});
const tools = new Map<string, Tool>([[python.name, python as unknown as Tool]]);
afterAll(() => python.reset());

async function runPython(code: string, signal = new AbortController().signal) {
  const items: ContentItem[] = [];
  const outcome = await executeTool('python', { code }, tools, {
    signal,
    toolCallId: 'call',
    runId: 'run',
    emit: (emission) => {
      if (emission.type === 'content') items.push(emission.content);
    },
  });
  return { ...outcome, items };
}

describe('pythonInterpreter in Chromium', () => {
  it('runs a data task a model would write: statistics over an attached CSV, printed as a table', async () => {
    const program = `import csv, statistics
from collections import defaultdict

revenue = defaultdict(list)
with open('/data/sales.csv', newline='') as f:
    for row in csv.DictReader(f):
        revenue[row['region']].append(int(row['units']) * float(row['price']))

print(f"{'region':<8}{'orders':>8}{'total':>10}{'mean':>10}")
rows = []
for region, values in sorted(revenue.items()):
    rows.append((region, len(values), sum(values), statistics.mean(values)))
    print(f"{region:<8}{len(values):>8}{sum(values):>10.2f}{statistics.mean(values):>10.2f}")

with open('summary.csv', 'w', newline='') as f:
    writer = csv.writer(f)
    writer.writerow(['region', 'orders', 'total'])
    for region, orders, total, _ in rows:
        writer.writerow([region, orders, f"{total:.2f}"])

bars = ''.join(f'<rect x="{i * 40}" y="{200 - total}" width="30" height="{total}"/>' for i, (_, _, total, _) in enumerate(rows))
with open('revenue.svg', 'w') as f:
    f.write(f'<svg xmlns="http://www.w3.org/2000/svg" width="120" height="200">{bars}</svg>')
round(sum(sum(v) for v in revenue.values()), 2)`;
    const model = mockModel([
      { toolCalls: [{ id: 'py', name: 'python', arguments: { code: program } }] },
      (request) => ({ text: `Done. ${String(request.messages.at(-1)?.content).split('\n')[2]}` }),
    ]);
    const agent = createAgent({ model, tools: [python as unknown as Tool], store: memoryStore() });
    const events = await collect(agent.run({ conversationId: 'c', message: 'Revenue per region?' }));

    const complete = ofType(events, 'tool.complete')[0];
    expect(complete).toBeDefined();
    const content = ofType(events, 'tool.content').map((event) => event.content);
    const printed = (content[0] as { text: string }).text.split('\n');
    expect(printed[0]).toMatch(/^region\s+orders\s+total\s+mean$/);
    // East 17*3.75 = 63.75; North 42 + 127.5 = 169.5 over 2; South 28 + 88 + 25 = 141 over 3.
    expect(printed.slice(1, 4)).toEqual([
      'East           1     63.75     63.75',
      'North          2    169.50     84.75',
      'South          3    141.00     47.00',
    ]);
    expect(content).toContainEqual({ kind: 'text', text: 'Out: 374.25' });
    expect(content).toContainEqual({
      kind: 'table',
      columns: ['region', 'orders', 'total'],
      rows: [
        ['East', '1', '63.75'],
        ['North', '2', '169.50'],
        ['South', '3', '141.00'],
      ],
      caption: 'summary.csv',
    });
    const image = content.find((item) => item.kind === 'image');
    expect(image).toMatchObject({ mimeType: 'image/svg+xml', alt: 'revenue.svg' });
    expect(atob((image as { data: string }).data)).toContain('<rect x="40" y="30.5"');
    // The model read the printed table as the tool result.
    expect(model.requests[1]?.messages.at(-1)?.content).toContain('North          2    169.50');
  }, 120_000);

  it('keeps state between calls; an infinite loop ends at the timeout and the next call works in a fresh session', async () => {
    expect((await runPython('answer = 41')).ok).toBe(true);
    expect((await runPython('answer + 1')).content).toBe('Out: 42');

    const started = performance.now();
    const runaway = await runPython('while True:\n    pass');
    const elapsed = performance.now() - started;
    expect(runaway).toMatchObject({ ok: false });
    expect(runaway.content).toContain('ran longer than 5 s and was stopped');
    expect(elapsed).toBeGreaterThanOrEqual(5_000);
    expect(elapsed).toBeLessThan(8_000);

    const next = await runPython('print(6 * 7)\nanswer');
    expect(next.ok).toBe(true);
    expect(next.content).toContain('the Python session was restarted after a timeout');
    expect(next.content).toContain('42\n');
    expect(next.content).toContain("NameError: name 'answer' is not defined");
    // The note is given once.
    expect((await runPython('1 + 1')).content).toBe('Out: 2');
  }, 120_000);

  it('stops at once when the run is stopped, and says so in the next result', async () => {
    expect((await runPython('kept = 1')).ok).toBe(true);
    const stop = new AbortController();
    const running = runPython('import time\nwhile True:\n    time.sleep(0.01)', stop.signal);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const started = performance.now();
    stop.abort();
    const stopped = await running;
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(stopped).toMatchObject({ ok: false, aborted: true });
    const next = await runPython('kept');
    expect(next.content).toContain('the Python session was restarted (the previous call was stopped)');
    expect(next.content).toContain("NameError: name 'kept' is not defined");
  }, 120_000);

  it('cannot reach the page: cookies, localStorage, IndexedDB, the DOM and credentialed fetches to the site all fail', async () => {
    // What the page has, and can do itself.
    // biome-ignore lint/suspicious/noDocumentCookie: the attack test needs a cookie the page can read.
    document.cookie = 'session=page-secret; path=/';
    localStorage.setItem('token', 'page-secret');
    await new Promise<void>((resolve, reject) => {
      const open = indexedDB.open('page-secrets');
      open.onupgradeneeded = () => open.result.createObjectStore('secrets').put('page-secret', 'token');
      open.onsuccess = () => {
        open.result.close();
        resolve();
      };
      open.onerror = () => reject(open.error);
    });
    const siteURL = new URL('/pyodide/pyodide-lock.json', location.href).href;
    expect((await fetch(siteURL, { credentials: 'include' })).ok).toBe(true);
    expect(document.cookie).toContain('session=page-secret');

    const attack = `import js, json, asyncio
from pyodide.ffi import create_proxy, to_js

results = {}
def attempt(name, read):
    try:
        results[name] = 'READ ' + str(read())
    except BaseException as error:
        results[name] = 'blocked ' + type(error).__name__ + ': ' + str(error)[:160]

attempt('cookie', lambda: js.document.cookie)
attempt('dom', lambda: js.document.body.innerHTML)
attempt('localStorage', lambda: js.localStorage.getItem('token'))
attempt('sessionStorage', lambda: js.sessionStorage.length)
attempt('eval', lambda: js.eval('document.cookie'))
attempt('parent', lambda: js.parent.document.cookie)
attempt('origin', lambda: js.self.origin if js.self.origin != 'null' else (_ for _ in ()).throw(PermissionError('opaque origin')))

async def read_indexeddb():
    loop = asyncio.get_event_loop()
    opened = loop.create_future()
    request = js.indexedDB.open('page-secrets')
    request.onsuccess = create_proxy(lambda event: opened.set_result(request.result))
    request.onerror = create_proxy(lambda event: opened.set_exception(PermissionError(str(request.error))))
    db = await opened
    names = list(db.objectStoreNames)
    if 'secrets' not in names:
        raise PermissionError('a different, empty database: ' + repr(names))
    return names

async def credentialed_fetch():
    response = await js.fetch(${JSON.stringify(siteURL)}, to_js({'credentials': 'include'}, dict_converter=js.Object.fromEntries))
    return (response.status, (await response.text())[:40])

async def plain_fetch():
    # The test server answers this file with Access-Control-Allow-Origin: *, so only the sandbox's
    # Content-Security-Policy (no network) stops it.
    response = await js.fetch(${JSON.stringify(siteURL)})
    return response.status

for name, work in [('indexedDB', read_indexeddb), ('fetch', credentialed_fetch), ('plainFetch', plain_fetch)]:
    try:
        results[name] = 'READ ' + str(await work())
    except BaseException as error:
        results[name] = 'blocked ' + type(error).__name__ + ': ' + str(error)[:160]

print(json.dumps(results))`;
    const outcome = await runPython(attack);
    expect(outcome.ok).toBe(true);
    const results = JSON.parse(outcome.content.split('\n')[0]!) as Record<string, string>;
    expect(Object.keys(results).sort()).toEqual(
      'cookie dom eval fetch indexedDB localStorage origin parent plainFetch sessionStorage'
        .split(' ')
        .sort(),
    );
    for (const [name, result] of Object.entries(results))
      expect(result, `${name}: ${result}`).toMatch(/^blocked /);
    expect(results.cookie).toContain('AttributeError');
    expect(results.fetch).toMatch(/Failed to fetch|NetworkError/);
    expect(results.plainFetch).toMatch(/Failed to fetch|NetworkError/);
    expect(results.indexedDB).toContain('SecurityError');
    expect(outcome.content).not.toContain('page-secret');
  }, 120_000);

  it('returns tracebacks and capped output as the tool result', async () => {
    const syntax = await runPython('def broken(:\n    pass');
    expect(syntax.ok).toBe(true);
    expect(syntax.content).toContain('SyntaxError');
    expect(syntax.content).toContain('<cell');

    const raised = await runPython('values = [1, 2]\nvalues[0] / (values[1] - 2)');
    expect(raised.content).toMatch(/Traceback \(most recent call last\):\n {2}File "<cell \d+>", line 2/);
    expect(raised.content).toContain('ZeroDivisionError: division by zero');

    const flood = await runPython("print('x' * 10_000)");
    const printed = flood.items[0] as { kind: 'text'; text: string };
    expect(printed.text).toBe('x'.repeat(2_000));
    expect(flood.content).toContain('[output truncated: 8001 more characters were not kept (cap 2000)');

    const noPackages = await runPython('import numpy');
    expect(noPackages.content).toContain("ModuleNotFoundError: No module named 'numpy'");
  }, 120_000);
});
