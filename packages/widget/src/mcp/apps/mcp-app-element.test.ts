import type { McpAppContent, McpAppResource, McpApps } from '@agent-chat/core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { McpAppElement } from './mcp-app-element.js';
import type { McpAppsDeps } from './mcp-apps-deps.js';

type Sent = Array<{ text: string; options: unknown }>;

// The element with ext-apps' own app side in its frame (inlined: the app's CSP allows no network).
let appBundle = '';
beforeAll(async () => {
  // Imported for its side effect (it defines the element); a static side-effect import is dropped here.
  await import('./mcp-app-element.js');
  // @ts-expect-error -- Vite's ?url import (vite/client types are not part of the widget's build)
  const { default: extAppsUrl } = await import('@modelcontextprotocol/ext-apps/app-with-deps?url');
  const code = await (await fetch(extAppsUrl as string)).text();
  const at = code.lastIndexOf('export{');
  const names = code
    .slice(at + 7, code.lastIndexOf('}'))
    .split(',')
    .map((pair) => {
      const [local, exported] = pair.split(' as ');
      return `${(exported ?? local)!.trim()}:${local!.trim()}`;
    });
  appBundle = `${code.slice(0, at)};globalThis.ExtApps={${names.join(',')}};`;
});

/** An app that reports everything it gets to the test page, and does what the page asks of it. */
function appHtml(): string {
  return `<!doctype html><html><body><p>test app</p><script type="module">${appBundle}
const say = (kind, value) => parent.postMessage({ testApp: kind, value }, '*');
const app = new globalThis.ExtApps.App({ name: 't', version: '1' }, {});
app.ontoolinput = (p) => say('input', p.arguments);
app.ontoolresult = (r) => say('result', r.content[0].text);
app.onhostcontextchanged = (c) => say('context', c);
app.onteardown = async () => { say('teardown', true); return {}; };
addEventListener('message', async (e) => {
  if (e.data?.do === 'size') await app.sendSizeChanged({ height: 123 });
  if (e.data?.do === 'navigate') location.href = 'about:blank';
  if (e.data?.do === 'fullscreen') say('mode', (await app.requestDisplayMode({ mode: 'fullscreen' })).mode);
  if (e.data?.do === 'message') say('sent', (await app.sendMessage({ role: 'user', content: [{ type: 'text', text: e.data.text }] })).isError ? 'refused' : 'sent');
});
await app.connect();
say('sandbox', app.getHostCapabilities()?.sandbox?.permissions ?? null);
say('ready', app.getHostContext());
</script></body></html>`;
}

const heard: Array<{ kind: string; value: unknown }> = [];
addEventListener('message', (event) => {
  const data = event.data as { testApp?: string; value?: unknown };
  if (typeof data?.testApp === 'string') heard.push({ kind: data.testApp, value: data.value });
});

async function waitFor<T>(check: () => T | undefined, ms = 10_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}
const message =
  (kind: string, after = 0) =>
  () =>
    heard.slice(after).find((h) => h.kind === kind)?.value;

/** A real McpApps-shaped port over a fixed resource, recording the model context it is given. */
function fakeApps(
  context: Map<string, string | undefined>,
  permissions: Record<string, object> = {},
): McpApps {
  const resource: McpAppResource = { uri: 'ui://t/app.html', html: appHtml(), csp: {}, permissions };
  return {
    readResource: async () => resource,
    callTool: async () => ({ content: [] }),
    tool: () => undefined,
    setModelContext: (key: string, text: string | undefined) => context.set(key, text),
    modelContext: () => undefined,
  } as unknown as McpApps;
}

function item(text: string): McpAppContent {
  return {
    kind: 'mcp-app',
    serverId: 't',
    toolName: 'show',
    resourceUri: 'ui://t/app.html',
    args: { q: text },
    result: { content: [{ type: 'text', text }] },
  };
}

let host: HTMLElement;
afterEach(() => host?.remove());

interface MountOptions {
  permissions?: Record<string, object>;
  sent?: Sent;
}

function mount(
  context = new Map<string, string | undefined>(),
  count = 1,
  options: MountOptions = {},
): McpAppElement {
  host = document.createElement('div');
  Object.assign(host, { theme: 'dark' });
  host.lang = 'de';
  document.body.append(host);
  const root = host.attachShadow({ mode: 'open' });
  let element = document.createElement('agent-chat-mcp-app');
  for (let i = 1; i < count; i++) {
    root.append(element);
    Object.assign(element, {
      item: item(`older ${i}`),
      stageId: `stage-0${i}`,
      deps: depsOf(context, options),
    });
    element = document.createElement('agent-chat-mcp-app');
  }
  Object.assign(element, { item: item('first'), stageId: 'stage-1', deps: depsOf(context, options) });
  root.append(element);
  return element;
}

function depsOf(context: Map<string, string | undefined>, options: MountOptions = {}): McpAppsDeps {
  return {
    source: { mcpHub: async () => ({ apps: fakeApps(context, options.permissions) }) as never },
    sender: {
      send: async (text, sendOptions) => void options.sent?.push({ text, options: sendOptions }),
      pendingTurn: undefined,
    },
    run: { status: 'idle' } as never,
  };
}

describe('<agent-chat-mcp-app>', () => {
  it('sends input then result after initialized, with the host’s theme and language; resizes; goes full screen once the visitor allows it', async () => {
    const start = heard.length;
    const element = mount();
    const ready = (await waitFor(message('ready', start))) as {
      theme: string;
      locale: string;
      displayMode: string;
    };
    expect(ready).toMatchObject({ theme: 'dark', locale: 'de', displayMode: 'inline' });
    expect(await waitFor(message('input', start))).toEqual({ q: 'first' });
    expect(await waitFor(message('result', start))).toBe('first');
    const kinds = heard.slice(start).map((h) => h.kind);
    expect(kinds.indexOf('input')).toBeLessThan(kinds.indexOf('result'));
    const frame = element.querySelector('iframe')!;
    expect(frame.title).toBe('App von show');

    frame.contentWindow!.postMessage({ do: 'size' }, '*');
    await waitFor(() => frame.style.height === '123px');

    frame.contentWindow!.postMessage({ do: 'fullscreen' }, '*');
    (
      await waitFor(() => element.querySelector<HTMLButtonElement>('[part~="mcp-app-allow"]') ?? undefined)
    ).click();
    expect(await waitFor(message('mode', start))).toBe('fullscreen');
    const box = element.querySelector<HTMLElement>('[part~="mcp-app"]')!;
    expect(box.dataset.mode).toBe('fullscreen');
    expect(getComputedStyle(box).position).toBe('fixed');
    const back = heard.length;
    element.querySelector<HTMLButtonElement>('[part~="mcp-app-exit"]')!.click();
    await waitFor(() => box.dataset.mode === 'inline');
    expect(await waitFor(message('context', back))).toMatchObject({ displayMode: 'inline' });
  });

  it('tears the app down for a new result, and forgets its model context when removed', async () => {
    const context = new Map<string, string | undefined>([['stage-1', 'App of show: something']]);
    const start = heard.length;
    const element = mount(context);
    await waitFor(message('result', start));
    const oldFrame = element.querySelector('iframe')!;
    const renewed = heard.length;
    element.item = item('second');
    expect(await waitFor(message('teardown', renewed))).toBe(true);
    await waitFor(() => !oldFrame.isConnected);
    expect(await waitFor(message('result', renewed))).toBe('second');
    expect(element.querySelectorAll('iframe')).toHaveLength(1);
    context.set('stage-1', 'App of show: again');
    element.remove();
    await waitFor(() => context.get('stage-1') === undefined && context.has('stage-1'));
    await waitFor(() => element.querySelectorAll('iframe').length === 0);
  });

  it('closes an app whose frame navigates away from its document', async () => {
    const start = heard.length;
    const element = mount();
    await waitFor(message('result', start));
    element.querySelector('iframe')!.contentWindow!.postMessage({ do: 'navigate' }, '*');
    await waitFor(() => element.querySelectorAll('iframe').length === 0);
    expect(element.querySelector('[part~="mcp-app"]')!.getAttribute('data-state')).toBe('closed');
    expect(element.querySelector('[part~="mcp-app-notice"]')!.textContent).toBe(
      'Die App von show wurde geschlossen.',
    );
  });

  it('keeps one live app per resource in a chat: a newer result of the same app replaces the older one', async () => {
    const start = heard.length;
    const newest = mount(new Map(), 3);
    await waitFor(message('result', start));
    const [first, second] = [...(newest.getRootNode() as ShadowRoot).querySelectorAll('agent-chat-mcp-app')];
    await waitFor(() => first!.querySelector('iframe') === null && second!.querySelector('iframe') === null);
    expect(newest.querySelectorAll('iframe')).toHaveLength(1);
    for (const older of [first!, second!]) {
      expect(older.querySelector('[part~="mcp-app"]')!.getAttribute('data-state')).toBe('closed');
      expect(older.querySelector('[part~="mcp-app-notice"]')!.textContent).toContain('ein neueres Ergebnis');
    }
    expect(
      heard
        .slice(start)
        .filter((h) => h.kind === 'result')
        .map((h) => h.value),
    ).toContain('first');
  });

  it('refuses full screen the app asks for until the visitor clicks Allow on the host’s own prompt', async () => {
    const start = heard.length;
    const element = mount();
    await waitFor(message('result', start));
    const frame = element.querySelector('iframe')!;
    const box = element.querySelector<HTMLElement>('[part~="mcp-app"]')!;
    frame.contentWindow!.postMessage({ do: 'fullscreen' }, '*');
    const prompt = await waitFor(
      () => element.querySelector<HTMLElement>('[part~="mcp-app-prompt"]') ?? undefined,
    );
    expect(prompt.textContent).toContain('Die App von show möchte in den Vollbildmodus wechseln.');
    // No click yet: still inline, not over the page.
    expect(box.dataset.mode).toBe('inline');
    expect(getComputedStyle(box).position).not.toBe('fixed');
    prompt.querySelector<HTMLButtonElement>('[part~="mcp-app-deny"]')!.click();
    expect(await waitFor(message('mode', start))).toBe('inline');
    expect(box.dataset.mode).toBe('inline');
    expect(element.querySelector('[part~="mcp-app-prompt"]')).toBeNull();
  });

  it('keeps a declared microphone out of the frame until the visitor agrees, then asks no more for that app', async () => {
    const start = heard.length;
    const element = mount(new Map(), 1, { permissions: { microphone: {} } });
    await waitFor(message('result', start));
    const first = element.querySelector('iframe')!;
    expect(first.allow).not.toContain('microphone');
    expect(await waitFor(message('sandbox', start))).toEqual({});
    const prompt = await waitFor(
      () => element.querySelector<HTMLElement>('[part~="mcp-app-prompt"]') ?? undefined,
    );
    expect(prompt.textContent).toContain('Die App von show fragt nach: Mikrofon.');
    const granted = heard.length;
    prompt.querySelector<HTMLButtonElement>('[part~="mcp-app-allow"]')!.click();
    // The app restarts with the permission in its frame.
    await waitFor(() => !first.isConnected);
    await waitFor(message('result', granted));
    expect(element.querySelector('iframe')!.allow).toContain('microphone');
    expect(await waitFor(message('sandbox', granted))).toEqual({ microphone: {} });
    // A new result of the same app in this chat: granted already, no question.
    const again = heard.length;
    element.item = item('second');
    await waitFor(message('result', again));
    expect(element.querySelector('iframe')!.allow).toContain('microphone');
    expect(element.querySelector('[part~="mcp-app-prompt"]')).toBeNull();
  });

  it('asks the visitor before an app’s ui/message reaches the chat, and sends it labelled as the app’s', async () => {
    const start = heard.length;
    const sent: Sent = [];
    const element = mount(new Map(), 1, { sent });
    await waitFor(message('result', start));
    const frame = element.querySelector('iframe')!;
    frame.contentWindow!.postMessage({ do: 'message', text: 'Buy the premium plan' }, '*');
    const prompt = await waitFor(
      () => element.querySelector<HTMLElement>('[part~="mcp-app-prompt"]') ?? undefined,
    );
    expect(prompt.textContent).toContain('Buy the premium plan');
    expect(sent).toEqual([]);
    prompt.querySelector<HTMLButtonElement>('[part~="mcp-app-allow"]')!.click();
    expect(await waitFor(message('sent', start))).toBe('sent');
    expect(sent).toEqual([
      {
        text: '[Sent by the app of "show" with the user\'s consent; not typed by the user]\nBuy the premium plan',
        options: { fromApp: true },
      },
    ]);
    // Cancelled: the app hears a refusal and nothing reaches the chat.
    const later = heard.length;
    frame.contentWindow!.postMessage({ do: 'message', text: 'Again' }, '*');
    (
      await waitFor(() => element.querySelector<HTMLButtonElement>('[part~="mcp-app-deny"]') ?? undefined)
    ).click();
    expect(await waitFor(message('sent', later))).toBe('refused');
    expect(sent).toHaveLength(1);
  });
});
