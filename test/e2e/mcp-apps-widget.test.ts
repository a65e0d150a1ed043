import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { McpServerProcess } from '../mcp/server-everything.ts';
import { type AppsServer, startAppsServer } from '../mcp-apps/apps-server.ts';
import { startBasicVanillaServer } from '../mcp-apps/basic-server.ts';
import { answered, modelRequests, openChatPage, send } from '../mcp-apps/chat-page.ts';
import { probesScript } from '../mcp-apps/test-apps.ts';
import { axeSource } from './axe-source.ts';
import { bounded, closeSoon } from './bounded-step.ts';
import { useWidgetStack } from './use-widget-stack.ts';

const GET_TIME = 'mcp__basic__get-time';
const FRAME = 'agent-chat iframe[part~="mcp-app-frame"]';

let basic: McpServerProcess;
let apps: AppsServer;
const stack = useWidgetStack(
  async () => {
    [basic, apps] = await Promise.all([startBasicVanillaServer(), startAppsServer()]);
    return {
      upstreamApiKey: 'sk-e2e-mcp-apps-upstream',
      mcpServers: JSON.stringify([{ id: 'basic' }, { id: 'apps' }]),
      proxyVars: {
        MCP_SERVERS: JSON.stringify({ basic: { url: basic.url }, apps: { url: apps.url } }),
      },
    };
  },
  async () => {
    await basic?.stop();
    await apps?.close();
  },
);

const openChat = (setup?: (page: Page) => Promise<void>) =>
  openChatPage(stack.browser, stack.example.url, setup);
const { offeredTools, systemMessage, userMessages } = modelRequests(() => stack.model);

describe('<agent-chat> hosts MCP Apps (SEP-1865) through the proxy under wrangler dev', () => {
  it('renders the npm example server-basic-vanillajs app with its result; the app calls its server, posts a message, asks before a link, and comes back after a reload', async () => {
    stack.model.enqueue(
      { toolCalls: [{ id: 't1', name: GET_TIME, arguments: {} }] },
      { text: 'Here is the time.' },
    );
    const first = stack.model.requests.length;
    const { page, errors, scripts } = await openChat();
    // Until a tool with an app is called, the host is not downloaded.
    expect(scripts.filter((s) => s.includes('mcp-app'))).toEqual([]);
    await send(page, 'What time is it?');
    await answered(page, 'Here is the time.');
    // The client advertised the extension to the servers.
    expect(apps.capabilities.at(-1)).toMatchObject({
      extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } },
    });
    expect(offeredTools(first)).toContain(GET_TIME);

    // The app renders in the stage and shows the tool's result (its structuredContent.time).
    const stage = page.locator(`agent-chat [part~="stage"][data-tool="${GET_TIME}"]`);
    const result = (await stage.locator('.stage-result').textContent())!.trim();
    expect(result).toMatch(/^\d{4}-\d\d-\d\dT/);
    const app = page.frameLocator(FRAME);
    await expect.poll(() => app.locator('#server-time').textContent(), { timeout: 20_000 }).toBe(result);
    await expect.poll(() => stage.locator('[part~="mcp-app"]').getAttribute('data-state')).toBe('ready');
    // The host is its own lazy chunk, fetched with the first app.
    expect(scripts.some((s) => /^\/agent-chat-mcp-app-element-.*\.js$/.test(s))).toBe(true);
    // The frame: opaque origin (scripts only), titled, under the CSP its resource declared.
    const frame = page.locator(FRAME);
    expect(await frame.getAttribute('sandbox')).toBe('allow-scripts');
    expect(await frame.getAttribute('title')).toBe('App of get-time');
    expect(await frame.getAttribute('srcdoc')).toMatch(
      /^<!DOCTYPE html><meta http-equiv="Content-Security-Policy" content="default-src 'none'; /i,
    );

    // An interaction in the app that calls its server: a new time from the server.
    await page.waitForTimeout(20);
    await app.locator('#get-time-btn').click();
    await expect.poll(() => app.locator('#server-time').textContent(), { timeout: 10_000 }).not.toBe(result);
    expect(await app.locator('#server-time').textContent()).toMatch(/^\d{4}-\d\d-\d\dT/);

    // ui/open-link asks the visitor first; the link opens only on yes.
    const target = `${stack.example.url}/opened-by-app`;
    await app.locator('#link-url').fill(target);
    await app.locator('#open-link-btn').click();
    const prompt = stage.locator('[part~="mcp-app-prompt"]');
    await expect.poll(() => prompt.textContent()).toContain(target);
    const popup = page.waitForEvent('popup');
    await prompt.locator('[part~="mcp-app-allow"]').click();
    expect((await popup).url()).toBe(target);
    await (await popup).close();

    // ui/message waits for the visitor's Send, then shows as the app's, labelled, never as the visitor's;
    // what the visitor was typing stays in the text box.
    stack.model.enqueue({ text: 'Thanks for the message.' });
    await page.locator('agent-chat textarea').fill('my own draft');
    await app.locator('#message-text').fill('Hello from the app');
    await app.locator('#send-message-btn').click();
    await expect
      .poll(() => prompt.textContent())
      .toContain('The app of get-time wants to send this message to the assistant: “Hello from the app”');
    expect(await page.locator('agent-chat [part~="message-from-app"]').count()).toBe(0);
    await prompt.locator('[part~="mcp-app-allow"]').click();
    await answered(page, 'Thanks for the message.');
    const fromApp = page.locator('agent-chat [part~="message-from-app"]');
    expect(await fromApp.locator('[part~="message-app-label"]').textContent()).toBe(
      'Sent by the app of get-time',
    );
    expect(await fromApp.textContent()).toContain('Hello from the app');
    expect(await page.locator('agent-chat [part~="message-user"]').allTextContents()).not.toContain(
      'Hello from the app',
    );
    expect(userMessages(stack.model.requests.length - 1).at(-1)).toMatch(
      /\[Sent by the app of "get-time" with the user's consent; not typed by the user\]\nHello from the app$/,
    );
    expect(await page.locator('agent-chat textarea').inputValue()).toBe('my own draft');
    await page.locator('agent-chat textarea').fill('');

    // axe: the stage with its app passes (the frame has a title).
    await page.addScriptTag({ content: axeSource });
    const violations = await page.evaluate(async () => {
      const root = document.querySelector('agent-chat')!.shadowRoot!.querySelector('[part~="mcp-app"]')!;
      const axe = (
        window as unknown as {
          axe: {
            run: (n: Element, o: unknown) => Promise<{ violations: Array<{ id: string; impact: string }> }>;
          };
        }
      ).axe;
      const found = await axe.run(root.closest('[part~="stage"]')!, {
        resultTypes: ['violations'],
        iframes: false,
      });
      return found.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => v.id);
    });
    expect(violations).toEqual([]);

    // After a reload the stored stage shows the app again, from the stored result. The reload comes once the
    // run has ended (its Stop button gone), when the turn is stored.
    await expect.poll(() => page.locator('agent-chat [part~="stop"]').count(), { timeout: 30_000 }).toBe(0);
    await page.reload();
    await expect
      .poll(() => page.frameLocator(FRAME).locator('#server-time').textContent(), { timeout: 20_000 })
      .toBe(result);
    // A conversation switch tears the app down.
    await page.locator('agent-chat [part~="new-conversation"]').first().click();
    await expect.poll(() => page.locator(FRAME).count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('keeps a hostile app in its sandbox (0 of 7 attempts succeed; the same probes outside it: 7 of 7); theme, lang, the app-only tool and model context', async () => {
    // The page counts an attempt as a success only when the app got the page's own secrets, or when
    // the collector (a host the app's CSP does not declare) heard from it.
    const breaches = new Set<string>();
    const setup = async (page: Page) => {
      await page.exposeFunction('__breach', (probe: string) => breaches.add(probe));
      await page.addInitScript(() => {
        // The page only (init scripts run in every frame, the app's too).
        if (window !== top) return;
        // biome-ignore lint/suspicious/noDocumentCookie: the page's own secret cookie, for the probe to try to read.
        document.cookie = 'probe-secret=cookie-s3cret';
        localStorage.setItem('probe-secret', 'storage-s3cret');
        addEventListener('message', (event) => {
          const data = event.data as { mcpAppProbe?: unknown; value?: unknown };
          if (typeof data?.mcpAppProbe !== 'string' || typeof data.value !== 'string') return;
          const { mcpAppProbe: probe, value } = data;
          const stolen =
            (probe === 'parent-document' && value === document.title) ||
            (probe === 'cookie' && value.includes('cookie-s3cret')) ||
            ((probe === 'storage' || probe === 'parent-storage') && value === 'storage-s3cret');
          if (stolen) (window as unknown as { __breach(p: string): void }).__breach(probe);
        });
      });
    };
    const counted = () => breaches.size + new Set(apps.hits).size;

    // The control: the same probes in a frame without the sandbox, on the same page — the counter works.
    const control = await openChat(setup);
    await bounded(
      'adding the control frame',
      20_000,
      control.page.evaluate((script) => {
        const frame = document.createElement('iframe');
        frame.srcdoc = `<script>${script}; runProbes();</script>`;
        document.body.append(frame);
      }, probesScript(apps.collector)),
    );
    await expect.poll(counted, { timeout: 15_000 }).toBe(7);
    expect([...breaches].sort()).toEqual(['cookie', 'parent-document', 'parent-storage', 'storage']);
    expect([...new Set(apps.hits)].sort()).toEqual(['/fetch', '/navigate', '/popup']);
    // The control page navigated away (its top-navigation probe) and opened a popup: closed, or left to the
    // context's own close after the test if that takes long on a busy machine.
    await closeSoon(control.page.context().pages());
    breaches.clear();
    apps.hits.length = 0;

    // The same probes as an MCP App in the chat, with theme="dark" and lang="fr".
    stack.model.enqueue(
      { toolCalls: [{ id: 'p1', name: 'mcp__apps__probe', arguments: {} }] },
      { text: 'Probe ran.' },
    );
    const first = stack.model.requests.length;
    const { page, errors } = await openChat(setup);
    await bounded(
      'setting theme and lang',
      20_000,
      page.evaluate(() => {
        const chat = document.querySelector('agent-chat')!;
        chat.setAttribute('theme', 'dark');
        chat.setAttribute('lang', 'fr');
      }),
    );
    const popups: string[] = [];
    page.context().on('page', (p) => popups.push(p.url()));
    await send(page, 'Run the probe');
    await answered(page, 'Probe ran.');
    const app = page.frameLocator(FRAME);
    await expect.poll(() => app.locator('#probes').textContent(), { timeout: 20_000 }).toBe('done');
    await page.waitForTimeout(1_000);
    expect(counted()).toBe(0);
    expect(popups).toEqual([]);
    expect(page.url()).toBe(`${stack.example.url}/`);
    // The host context the app got: dark, French, inline, the stage's width.
    const context = JSON.parse((await app.locator('#ctx').textContent())!);
    expect(context).toMatchObject({ theme: 'dark', locale: 'fr', displayMode: 'inline' });
    expect(context.width).toBeGreaterThan(200);
    expect(await page.locator(FRAME).getAttribute('title')).toBe('Application de probe');
    // A change of theme reaches the app (host-context-changed).
    await bounded(
      'switching the theme',
      20_000,
      page.evaluate(() => document.querySelector('agent-chat')!.setAttribute('theme', 'light')),
    );
    await expect.poll(async () => JSON.parse((await app.locator('#ctx').textContent())!).theme).toBe('light');
    // The tool result reached the app after initialized.
    expect(await app.locator('#result').textContent()).toBe('result: Probe result 31337.');
    // The app-only tool: callable by the app, never offered to the model.
    expect(await app.locator('#secret').textContent()).toBe('app-only tool answered');
    expect(apps.calls).toContain('probe_log');
    for (const index of [first, first + 1]) {
      expect(offeredTools(index)).not.toContain('mcp__apps__probe_log');
      expect(systemMessage(index)).not.toContain('probe_log');
    }
    // What the app told the model reaches the next model call.
    stack.model.enqueue({ text: 'Seven ports.' });
    await send(page, 'What did the probe find?');
    await answered(page, 'Seven ports.');
    // …as untrusted, labelled content beside the visitor's message, never in the system message.
    const last = stack.model.requests.length - 1;
    expect(systemMessage(last)).not.toContain('7 open ports');
    expect(userMessages(last).at(-1)).toMatch(
      /^<app-context untrusted="true">[\s\S]*App of probe: The probe app found 7 open ports\.[\s\S]*What did the probe find\?$/,
    );
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000); // Its polls wait up to 15 + 30 + 20 + 30 s: a step that fails must say which, not time the test out.

  it('bad apps: no initialized → timeout notice; a 404 or a wrong MIME type → notice with the text result; malformed _meta.ui → console warning naming server and tool', async () => {
    const calls = ['silent', 'missing', 'wrongmime', 'malformed'].map((name) => ({
      id: name,
      name: `mcp__apps__${name}`,
      arguments: {},
    }));
    stack.model.enqueue({ toolCalls: calls }, { text: 'Four tools ran.' });
    const { page, errors, warnings } = await openChat();
    await send(page, 'Run the four bad apps');
    await answered(page, 'Four tools ran.');
    const stage = (name: string) =>
      page.locator(`agent-chat [part~="stage"][data-tool="mcp__apps__${name}"]`);
    const notice = (name: string) => stage(name).locator('[part~="mcp-app-notice"]');

    // A resource that 404s, or that is not text/html;profile=mcp-app: a notice, the text result stays.
    await expect
      .poll(() => notice('missing').textContent(), { timeout: 20_000 })
      .toContain('The app of missing cannot be shown');
    expect(await notice('missing').textContent()).toContain('ui://apps/missing.html could not be read');
    expect(await stage('missing').locator('.stage-result').textContent()).toBe(
      'Missing app, text result 404.',
    );
    await expect
      .poll(() => notice('wrongmime').textContent())
      .toContain('has the type "text/html", not text/html;profile=mcp-app');
    expect(await stage('wrongmime').locator('.stage-result').textContent()).toBe('Wrong MIME, text result.');
    for (const name of ['missing', 'wrongmime']) expect(await stage(name).locator('iframe').count()).toBe(0);

    // Malformed _meta.ui: refused with a console warning naming server and tool; a plain tool's stage.
    expect(warnings).toContainEqual(
      expect.stringMatching(
        /MCP server "apps", tool "malformed": malformed _meta\.ui \(resourceUri "https:\/\/evil\.example\/app\.html" is not a ui:\/\/ resource/,
      ),
    );
    expect(await stage('malformed').locator('[part~="mcp-app"]').count()).toBe(0);
    expect(await stage('malformed').locator('.stage-result').textContent()).toBe(
      'Malformed meta, text result.',
    );

    // An app that never says initialized: closed after the timeout, and the stage says so.
    await expect.poll(() => stage('silent').locator('iframe').count(), { timeout: 5_000 }).toBe(1);
    await expect
      .poll(() => notice('silent').textContent(), { timeout: 20_000 })
      .toContain('did not start (no answer within 10 s)');
    await expect.poll(() => stage('silent').locator('iframe').count()).toBe(0);
    expect(await stage('silent').locator('.stage-result').textContent()).toBe('Silent result.');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('an app that floods ui/message: each message waits for the visitor, the others are refused while one is asked; the visitor blocks it', async () => {
    stack.model.enqueue(
      { toolCalls: [{ id: 'c1', name: 'mcp__apps__chatty', arguments: {} }] },
      { text: 'Chatty ran.' },
      { text: 'Got your first message.' },
    );
    const { page, errors } = await openChat();
    await send(page, 'Run chatty');
    await answered(page, 'Chatty ran.');
    const stage = page.locator('agent-chat [part~="stage"][data-tool="mcp__apps__chatty"]');
    const prompt = stage.locator('[part~="mcp-app-prompt"]');
    const app = page.frameLocator(FRAME);
    const fromApp = page.locator('agent-chat [part~="message-from-app"]');
    // Six ui/message requests at once, while the chat is idle.
    await app.locator('#flood:enabled').click({ timeout: 20_000 });
    await expect
      .poll(() => prompt.textContent(), { timeout: 20_000 })
      .toContain('The app of chatty wants to send this message to the assistant: “Chatty message 1”');
    await expect
      .poll(() => stage.locator('[part~="mcp-app-notice"]').last().textContent())
      .toContain('5 more messages from the app were refused');
    // Nothing reached the chat before the visitor's Send.
    expect(await fromApp.count()).toBe(0);
    await prompt.locator('[part~="mcp-app-allow"]').click();
    await answered(page, 'Got your first message.');
    await expect
      .poll(() => app.locator('#sent').textContent())
      .toBe('sent,refused,refused,refused,refused,refused');
    expect(await fromApp.allTextContents()).toEqual(['Sent by the app of chattyChatty message 1']);
    // Again: this time the visitor blocks the app's messages.
    await app.locator('#flood').click();
    await expect.poll(() => prompt.textContent()).toContain('“Chatty message 1”');
    await prompt.locator('[part~="mcp-app-block"]').click();
    await expect
      .poll(() => app.locator('#sent').textContent())
      .toBe('refused,refused,refused,refused,refused,refused');
    expect(await prompt.count()).toBe(0);
    expect(await fromApp.count()).toBe(1);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a hostile app cannot take the page or the microphone by itself: full screen waits for a click on the host’s prompt, the declared microphone for the visitor’s yes', async () => {
    stack.model.enqueue(
      { toolCalls: [{ id: 'g1', name: 'mcp__apps__grabby', arguments: {} }] },
      { text: 'Grabby ran.' },
    );
    const { page, errors } = await openChat();
    await send(page, 'Run grabby');
    await answered(page, 'Grabby ran.');
    const stage = page.locator('agent-chat [part~="stage"][data-tool="mcp__apps__grabby"]');
    const box = stage.locator('[part~="mcp-app"]');
    const prompt = stage.locator('[part~="mcp-app-prompt"]');
    const app = page.frameLocator(FRAME);
    const frame = page.locator(FRAME);
    // The microphone it declares is asked of the visitor; meanwhile the frame is without it.
    await expect
      .poll(() => prompt.textContent(), { timeout: 20_000 })
      .toContain('The app of grabby asks for: microphone.');
    expect((await frame.getAttribute('allow')) ?? '').not.toContain('microphone');
    await expect.poll(() => app.locator('#mic').textContent(), { timeout: 20_000 }).toBe('blocked');
    // Its full-screen request came while that question was open: refused, the page stays the chat's.
    await expect.poll(() => app.locator('#mode').textContent()).toBe('inline');
    expect(await box.getAttribute('data-mode')).toBe('inline');

    // The visitor allows the microphone: the app restarts with it, and asks for full screen again.
    await prompt.locator('[part~="mcp-app-allow"]').click();
    await expect.poll(() => frame.getAttribute('allow'), { timeout: 20_000 }).toContain('microphone');
    await expect
      .poll(() => prompt.textContent(), { timeout: 20_000 })
      .toContain('The app of grabby wants to go full screen.');
    // Without the visitor's click nothing covers the page, and the app's request still waits.
    expect(await box.getAttribute('data-mode')).toBe('inline');
    expect(await box.evaluate((el) => getComputedStyle(el).position)).not.toBe('fixed');
    expect(await app.locator('#mode').textContent()).toBe('not asked');
    await prompt.locator('[part~="mcp-app-deny"]').click();
    await expect.poll(() => app.locator('#mode').textContent()).toBe('inline');
    expect(await box.getAttribute('data-mode')).toBe('inline');
    expect(errors).toEqual([]);
    await page.close();
  });
});
