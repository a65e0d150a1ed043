import { afterAll, describe, expect, it } from 'vitest';
import { ConfigurationError } from '../../errors.js';
import type { ContentItem } from '../../model/content.js';
import { executeTool } from '../execute-tool-call.js';
import type { Tool } from '../tool.js';
import { PYODIDE_VERSION } from './python-assets.js';
import { pythonInterpreter } from './python-interpreter.js';

// The widget's configuration (`<agent-chat code-interpreter pyodide-url="/pyodide/">`): the runtime files on
// the page's own origin and no package index set. The site's endpoint is /site-probe/ on this origin; the
// test server counts every request that reaches it, so "blocked" is checked where it matters, at the site.
const probe = new URL('/site-probe/', location.href).href;

const python = pythonInterpreter({ indexURL: '/pyodide/', timeoutMs: 20_000 });
const tools = new Map<string, Tool>([[python.name, python as unknown as Tool]]);
afterAll(() => python.reset());

async function runPython(code: string) {
  const items: ContentItem[] = [];
  const outcome = await executeTool('python', { code }, tools, {
    signal: new AbortController().signal,
    toolCallId: 'call',
    runId: 'run',
    emit: (emission) => {
      if (emission.type === 'content') items.push(emission.content);
    },
  });
  return { ...outcome, items };
}

async function siteHits(): Promise<Array<{ method: string; path: string; cookie: string | null }>> {
  return (await fetch(`${probe}hits`)).json();
}

describe('the Python sandbox with the runtime files on the page’s origin', () => {
  it('never reaches the site: credentialed POST / GET, no-cors, XHR and EventSource all fail and the site sees no request', async () => {
    // biome-ignore lint/suspicious/noDocumentCookie: the attack test needs a cookie the site would receive.
    document.cookie = 'visitor=site-secret; path=/';
    localStorage.setItem('token', 'site-secret');
    await fetch(`${probe}reset`, { method: 'POST' });

    const attack = `import js, json, asyncio
from pyodide.ffi import create_proxy, to_js

site = ${JSON.stringify(probe)}
def options(**values):
    return to_js(values, dict_converter=js.Object.fromEntries)

results = {}
def attempt(name, read):
    try:
        results[name] = 'READ ' + str(read())
    except BaseException as error:
        results[name] = 'blocked ' + type(error).__name__ + ': ' + str(error)[:160]

attempt('cookie', lambda: js.document.cookie)
attempt('localStorage', lambda: js.localStorage.getItem('token'))

async def fetch_text(url, **init):
    response = await js.fetch(url, options(**init))
    return (response.status, (await response.text())[:40])

def wait_for(target, ok_event, fail_event, start):
    loop = asyncio.get_event_loop()
    done = loop.create_future()
    def ok(event):
        if not done.done(): done.set_result(ok_event)
    def fail(event):
        if not done.done(): done.set_exception(ConnectionError(fail_event))
    target.addEventListener(ok_event, create_proxy(ok))
    target.addEventListener(fail_event, create_proxy(fail))
    start()
    return asyncio.wait_for(done, 5)

async def xhr_post():
    request = js.XMLHttpRequest.new()
    request.open('POST', site + 'xhr')
    request.withCredentials = True
    return await wait_for(request, 'load', 'error', lambda: request.send('transfer=all'))

async def event_source():
    source = js.EventSource.new(site + 'events', options(withCredentials=True))
    try:
        return await wait_for(source, 'open', 'error', lambda: None)
    finally:
        source.close()

attacks = [
    ('postCredentialed', lambda: fetch_text(site + 'transfer', method='POST', credentials='include', body='amount=100', headers={'content-type': 'application/x-www-form-urlencoded'})),
    ('getCredentialed', lambda: fetch_text(site + 'account', credentials='include')),
    ('postNoCors', lambda: fetch_text(site + 'transfer', method='POST', mode='no-cors', credentials='include', body='amount=100')),
    ('xhr', xhr_post),
    ('eventSource', event_source),
]
for name, work in attacks:
    try:
        results[name] = 'READ ' + str(await work())
    except BaseException as error:
        results[name] = 'blocked ' + type(error).__name__ + ': ' + str(error)[:160]

import pyodide_js
results['packages'] = str(pyodide_js._api.config.packageBaseUrl)
print(json.dumps(results))`;
    const outcome = await runPython(attack);
    expect(outcome.ok, outcome.content).toBe(true);
    const results = JSON.parse(outcome.content.split('\n')[0]!) as Record<string, string>;
    const { packages, ...attempts } = results;
    expect(Object.keys(attempts).sort()).toEqual(
      [
        'cookie',
        'eventSource',
        'getCredentialed',
        'localStorage',
        'postCredentialed',
        'postNoCors',
        'xhr',
      ].sort(),
    );
    for (const [name, result] of Object.entries(attempts))
      expect(result, `${name}: ${result}`).toMatch(/^blocked /);
    expect(outcome.content).not.toContain('site-secret');
    // The package index defaults to the Pyodide CDN at the runtime's release, not the page's origin.
    expect(packages).toBe(`https://cdn.jsdelivr.net/pyodide/v${PYODIDE_VERSION}/full/`);
    const frame = document.querySelector('iframe[sandbox="allow-scripts"]') as HTMLIFrameElement;
    const policy = /content="([^"]*)"/.exec(frame.srcdoc)?.[1] ?? '';
    expect(policy).toContain('connect-src blob: https://cdn.jsdelivr.net');
    expect(policy).not.toContain(location.origin);

    // Not one request reached the site; the page's own request does, cookie and all (the count works).
    expect(await siteHits()).toEqual([]);
    await fetch(`${probe}transfer`, { method: 'POST', credentials: 'include', body: 'amount=1' });
    const hits = await siteHits();
    expect(hits).toHaveLength(1);
    expect(hits[0]).toMatchObject({ method: 'POST', path: '/site-probe/transfer' });
    expect(hits[0]?.cookie).toContain('visitor=site-secret');
  }, 120_000);

  it('refuses a package index on the page’s own origin with a ConfigurationError that names the fix', () => {
    for (const packageIndexURL of ['/packages/', `${location.origin}/pyodide/`]) {
      let error: unknown;
      try {
        pythonInterpreter({ indexURL: '/pyodide/', packageIndexURL });
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(ConfigurationError);
      expect((error as Error).message).toContain("on this page's own origin");
      expect((error as Error).message).toContain('Leave packageIndexURL unset');
    }
    // Another origin (a cookieless static host) and "none" are fine.
    expect(() =>
      pythonInterpreter({ packageIndexURL: 'https://packages.example.net/pyodide/' }),
    ).not.toThrow();
    expect(() => pythonInterpreter({ packageIndexURL: 'none' })).not.toThrow();
  });
});
