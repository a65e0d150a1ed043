import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, normalize } from 'node:path';
import { launchChromium } from '../../scripts/lib/chromium.ts';
import { widgetScriptTag } from '../bundle-size/widget-build.ts';
import { AGENT_CHAT, type Benchmark, type Measurement } from '../lib/benchmark.ts';
import { peerSubject } from '../lib/installed-version.ts';
import { markdownTokens } from './markdown-stream.ts';
import { agentChatPage, deepChatPage } from './pages.ts';

const TOKENS = 5_000;
const TOKENS_PER_SECOND = 200;
const here = import.meta.dirname;

/** Serves the two pages, the widget's dist, deep-chat's bundle and the tokens on 127.0.0.1. */
async function serve(root: string, tokens: string[]): Promise<{ url: string; server: Server }> {
  const widgetDist = join(root, 'packages/widget/dist');
  const deepChat = join(here, '../node_modules/deep-chat/dist/deepChat.bundle.js');
  const interval = 1000 / TOKENS_PER_SECOND;
  const server = createServer(async (req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const send = (type: string, body: string | Buffer) =>
      res.writeHead(200, { 'content-type': type }).end(body);
    try {
      if (path === '/agent-chat.html') return send('text/html', agentChatPage(interval));
      if (path === '/deep-chat.html') return send('text/html', deepChatPage(interval));
      if (path === '/tokens.json') return send('application/json', JSON.stringify(tokens));
      if (path === '/deep-chat.js') return send('text/javascript', await readFile(deepChat));
      const file = normalize(join(widgetDist, path));
      if (path.startsWith('/agent-chat') && path.endsWith('.js') && file.startsWith(widgetDist))
        return send('text/javascript', await readFile(file));
      res.writeHead(404).end();
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

export const benchmark: Benchmark = {
  description:
    `Streams ${TOKENS.toLocaleString('en')} tokens of Markdown (headings, lists, inline code, fenced code blocks) at ` +
    `${TOKENS_PER_SECOND} tokens/s into each chat in headless Chromium (same page size, same token schedule): ` +
    '<agent-chat> (script-tag build, fake agent yielding response.chunk events) vs <deep-chat> (its bundle, ' +
    '`connect: { stream: true, handler }`). Longest main-thread task from a PerformanceObserver (longtask, ≥ 50 ms, ' +
    'else 0) and total main-thread task time from CDP Performance.getMetrics TaskDuration over the stream.',
  async run(context) {
    widgetScriptTag(context);
    const tokens = markdownTokens(TOKENS);
    const { url, server } = await serve(context.root, tokens);
    const browser = await launchChromium();
    const rows: Measurement[] = [];
    try {
      const subjects = [
        [AGENT_CHAT, 'agent-chat.html'],
        [peerSubject(here, 'deep-chat'), 'deep-chat.html'],
      ] as const;
      // STREAM_RENDER_ONLY=agent-chat measures one subject while working on it.
      const only = process.env.STREAM_RENDER_ONLY;
      for (const [subject, page] of subjects.filter(([s]) => !only || s.startsWith(only))) {
        const tab = await browser.newPage({ viewport: { width: 800, height: 900 } });
        tab.on('pageerror', (error) => context.log(`${subject} page error: ${error.message}`));
        await tab.goto(`${url}/${page}`);
        await tab.waitForFunction(() => (window as { __ready?: boolean }).__ready === true, undefined, {
          timeout: 20_000,
        });
        const cdp = await tab.context().newCDPSession(tab);
        await cdp.send('Performance.enable');
        await tab.evaluate(() => {
          const w = window as unknown as { __longtasks: number[] };
          w.__longtasks = [];
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries()) w.__longtasks.push(entry.duration);
          }).observe({ type: 'longtask' });
        });
        const metrics = async () =>
          Object.fromEntries(
            (await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]),
          );
        const before = await metrics();
        const started = Date.now();
        await tab.evaluate(() => (window as unknown as { __start: () => void }).__start());
        await tab.waitForFunction(() => (window as { __done?: boolean }).__done === true, undefined, {
          timeout: (TOKENS / TOKENS_PER_SECOND) * 1000 * 3,
          polling: 500,
        });
        const wall = Date.now() - started;
        const after = await metrics();
        const spent = (name: string) => Math.round(((after[name] ?? 0) - (before[name] ?? 0)) * 1000);
        const total = spent('TaskDuration');
        const { longtasks, text } = await tab.evaluate(() => {
          const w = window as unknown as { __longtasks: number[]; __text: string };
          return { longtasks: w.__longtasks, text: w.__text };
        });
        // Both must have shown the whole answer, or the comparison means nothing.
        const lastWords = tokens
          .slice(-3)
          .join('')
          .replace(/[`*#-]/g, '')
          .trim();
        if (!text.replace(/[`*#-]/g, '').includes(lastWords.split(/\s+/).at(-1)!))
          context.fail(
            `${subject} did not show the end of the stream (ends with ${JSON.stringify(text.slice(-80))}).`,
          );
        context.log(
          `${subject}: ${wall} ms wall, main thread ${total} ms (script ${spent('ScriptDuration')}, layout ${spent('LayoutDuration')}, style ${spent('RecalcStyleDuration')}), ${longtasks.length} long tasks (${longtasks.map(Math.round).join(', ')} ms)`,
        );
        rows.push(
          { subject, metric: 'main_thread_ms_5k_tokens', value: total, unit: 'ms' },
          {
            subject,
            metric: 'layout_and_style_ms_5k_tokens',
            value: spent('LayoutDuration') + spent('RecalcStyleDuration'),
            unit: 'ms',
          },
          {
            subject,
            metric: 'longest_task_ms_5k_tokens',
            value: Math.round(Math.max(0, ...longtasks)),
            unit: 'ms',
          },
          { subject, metric: 'long_tasks_5k_tokens', value: longtasks.length, unit: 'tasks' },
        );
        await tab.close();
      }
    } finally {
      await browser.close();
      server.close();
    }
    return rows;
  },
};
