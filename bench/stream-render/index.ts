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
import { longTasks, TRACE_CATEGORIES } from './trace-tasks.ts';

const TOKENS = 5_000;

/** The parts of a PerformanceLongAnimationFrameTiming entry the log uses (not in TypeScript's DOM lib yet). */
interface LongFrame {
  startTime: number;
  duration: number;
  renderStart: number;
  styleAndLayoutStart: number;
  scripts: Array<{
    invoker: string;
    invokerType: string;
    duration: number;
    forcedStyleAndLayoutDuration: number;
  }>;
}

interface LoggedFrame {
  duration: number;
  render: number;
  styleLayout: number;
  scripts: string[];
}
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
    `Streams ${TOKENS.toLocaleString('en')} tokens of Markdown (headings, lists, inline code, inline and display math, fenced code blocks) at ` +
    `${TOKENS_PER_SECOND} tokens/s into each chat in headless Chromium (same page size, same token schedule): ` +
    '<agent-chat> (script-tag build, fake agent yielding response.chunk events) vs <deep-chat> (its bundle, ' +
    '`connect: { stream: true, handler }`). Longest gap between two rendered frames during the stream ' +
    '(requestAnimationFrame timestamps: the longest time the page could not paint, no threshold), the number of long ' +
    'tasks (PerformanceObserver longtask, ≥ 50 ms by definition) and total main-thread task time from CDP ' +
    'Performance.getMetrics TaskDuration over the stream. ' +
    'The log attributes long frames (long-animation-frame scripts, style and layout), the component’s own ' +
    'update time, and main-thread CPU time (ThreadTime); STREAM_RENDER_TRACE=1 adds a Chromium trace that splits ' +
    'each long task into wall time and the CPU time the thread got (CPU contention vs our work).',
  method:
    'Headless Chromium (Debian build), one tab per subject, one after the other, each page loaded and ready (its code ' +
    'parsed, the component defined) before the stream starts; the same tokens on the same schedule (setTimeout at a ' +
    'fixed rate) into each. CDP Performance metrics are read right before and right after the stream; frame gaps and long ' +
    'tasks are observed in the page from the start of the stream. Both must show the end of the stream or the run ' +
    'fails. deep-chat is the installed version, bundled by esbuild; agent-chat is the widget’s script-tag build.',
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
          const w = window as unknown as {
            __longtasks: number[];
            __frames: unknown[];
            __longestFrameGap: number;
            __start: () => unknown;
            __done?: boolean;
          };
          w.__longtasks = [];
          w.__frames = [];
          w.__longestFrameGap = 0;
          // Frame gaps from the start of the stream to its end: what a reader sees as a stall.
          const start = w.__start;
          w.__start = () => {
            let last = performance.now();
            const frame = (now: number) => {
              w.__longestFrameGap = Math.max(w.__longestFrameGap, now - last);
              last = now;
              if (!w.__done) requestAnimationFrame(frame);
            };
            requestAnimationFrame(frame);
            return start();
          };
          // The component's own work per frame: Lit's update (render, Markdown, DOM commit) and updated()
          // (scroll to the bottom, which forces a layout), timed by wrapping the element's methods.
          const updates: number[] = [];
          (w as unknown as { __updates: number[] }).__updates = updates;
          const proto = customElements.get('agent-chat')?.prototype as
            | { update(c: unknown): void; updated(c: unknown): void }
            | undefined;
          if (proto) {
            for (const name of ['update', 'updated'] as const) {
              const original = proto[name];
              proto[name] = function (this: unknown, changed: unknown) {
                const t = performance.now();
                original.call(this, changed);
                updates.push(performance.now() - t);
              };
            }
          }
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries()) w.__longtasks.push(entry.duration);
          }).observe({ type: 'longtask' });
          // Long animation frames say what a long task was: which scripts ran, and how long style,
          // layout and paint took after them (for the log only; the metric stays the longtask one).
          new PerformanceObserver((list) => {
            for (const f of list.getEntries() as unknown as LongFrame[])
              w.__frames.push({
                duration: Math.round(f.duration),
                render: Math.round(f.renderStart ? f.startTime + f.duration - f.renderStart : 0),
                styleLayout: Math.round(
                  f.styleAndLayoutStart ? f.startTime + f.duration - f.styleAndLayoutStart : 0,
                ),
                scripts: f.scripts.map(
                  (s) =>
                    `${s.invoker || s.invokerType} ${Math.round(s.duration)} ms (forced layout ${Math.round(s.forcedStyleAndLayoutDuration)})`,
                ),
              });
          }).observe({ type: 'long-animation-frame' });
        });
        const metrics = async () =>
          Object.fromEntries(
            (await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]),
          );
        // STREAM_RENDER_TRACE=1 also records a Chromium trace to split each long task's wall time into the
        // CPU time the thread got and what ran (tracing costs time itself, so it is off for the numbers).
        const tracing = Boolean(process.env.STREAM_RENDER_TRACE);
        if (tracing) await browser.startTracing(tab, { categories: TRACE_CATEGORIES });
        const before = await metrics();
        const started = Date.now();
        await tab.evaluate(() => (window as unknown as { __start: () => void }).__start());
        await tab.waitForFunction(() => (window as { __done?: boolean }).__done === true, undefined, {
          // Six times the stream's own length: a peer that renders slowly on a loaded machine still finishes.
          timeout: (TOKENS / TOKENS_PER_SECOND) * 1000 * 6,
          polling: 500,
        });
        const wall = Date.now() - started;
        const after = await metrics();
        if (tracing) {
          const all = longTasks(await browser.stopTracing(), 10).sort((a, b) => b.wallMs - a.wallMs);
          const traced = all.filter((t) => t.wallMs >= 50);
          context.log(
            `  trace: ${all.length} tasks ≥ 10 ms, ${traced.length} ≥ 50 ms wall, ${traced.filter((t) => t.cpuMs >= 50).length} of them ≥ 50 ms CPU`,
          );
          for (const t of all.slice(0, 6))
            context.log(`    task ${t.wallMs} ms wall, ${t.cpuMs} ms CPU: ${t.inside.join(', ')}`);
        }
        const spent = (name: string) => Math.round(((after[name] ?? 0) - (before[name] ?? 0)) * 1000);
        const total = spent('TaskDuration');
        const { longtasks, text, frames, updates, longestFrameGap } = await tab.evaluate(() => {
          const w = window as unknown as {
            __longtasks: number[];
            __text: string;
            __frames: LoggedFrame[];
            __updates?: number[];
            __longestFrameGap: number;
          };
          return {
            longtasks: w.__longtasks,
            text: w.__text,
            frames: w.__frames,
            updates: w.__updates ?? [],
            longestFrameGap: w.__longestFrameGap,
          };
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
        if (updates.length) {
          const sorted = [...updates].sort((a, b) => b - a);
          context.log(
            `  component update+updated: ${updates.length} calls, ${Math.round(updates.reduce((a, b) => a + b, 0))} ms total, longest ${sorted.slice(0, 5).map(Math.round).join(', ')} ms`,
          );
          const mean = (part: number[]) =>
            (part.reduce((a, b) => a + b, 0) / Math.max(1, part.length)).toFixed(2);
          const q = Math.floor(updates.length / 4);
          context.log(
            `  mean per call by quarter of the stream: ${[0, 1, 2, 3].map((i) => mean(updates.slice(i * q, (i + 1) * q))).join(', ')} ms`,
          );
        }
        context.log(
          `  main-thread CPU time (ThreadTime) ${spent('ThreadTime')} ms of ${total} ms task time; V8 compile ${spent('V8CompileDuration')} ms`,
        );
        for (const f of frames.sort((a, b) => b.duration - a.duration).slice(0, 5))
          context.log(
            `  long frame ${f.duration} ms: render ${f.render} ms (style+layout ${f.styleLayout}); ${f.scripts.join('; ') || 'no script'}`,
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
            metric: 'longest_frame_gap_ms_5k_tokens',
            value: Math.round(longestFrameGap),
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
