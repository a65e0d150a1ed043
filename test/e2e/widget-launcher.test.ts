import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composerReady } from './composer-ready.ts';
import { isolatedPage } from './isolated-page.ts';
import { startWidgetStack, type WidgetStack } from './widget-stack.ts';

// <agent-chat mode="launcher"> as a site uses it: the real script-tag build in the example page, the proxy
// under wrangler dev, the scripted model, Chromium at 1280 and 375 px. Voice runs against fakes of the
// Web Speech API injected into the page before the widget loads.

const root = resolve(import.meta.dirname, '../..');
const artifacts = join(root, 'test/artifacts');
let stack: WidgetStack;

beforeAll(async () => {
  stack = await startWidgetStack({
    upstreamApiKey: 'sk-e2e-launcher-secret-20aa',
    attributes: { mode: 'launcher', 'voice-input': '', 'voice-output': 'button' },
  });
  mkdirSync(artifacts, { recursive: true });
}, 180_000);
afterAll(async () => {
  await stack?.stop();
});

/** `part` inside the element's shadow root. */
const part = (page: Page, name: string) => page.locator(`agent-chat [part~="${name}"]`).first();

/** The part names of the element that has the focus, through shadow roots. */
const focused = (page: Page) =>
  page.evaluate(() => {
    let active = document.activeElement;
    while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
    return `${active?.getAttribute('part') ?? ''}#${active?.id ?? ''}`;
  });

async function axeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: join(root, 'packages/widget/node_modules/axe-core/axe.min.js') });
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run(c: Element): Promise<{ violations: Array<{ id: string; impact: string }> }> };
      }
    ).axe;
    const element = document.querySelector('agent-chat')!;
    // Colours are checked once the panel's opening and any other finite animation has ended, never mid-way.
    for (let round = 0; round < 10; round++) {
      const running = (element.shadowRoot?.getAnimations() ?? []).filter(
        (a) => a.playState !== 'finished' && a.effect?.getComputedTiming().endTime !== Infinity,
      );
      if (running.length === 0) break;
      await Promise.all(running.map((a) => a.finished.catch(() => undefined)));
    }
    const result = await axe.run(element);
    return result.violations.map((v) => `${v.id} (${v.impact})`);
  });
}

describe('<agent-chat mode="launcher"> in Chromium', () => {
  for (const width of [1280, 375]) {
    it(`opens by click and keyboard, answers, closes with Esc, badges a late answer (${width} px)`, async () => {
      const page = await isolatedPage(stack.browser, { viewport: { width, height: 800 } });
      await page.goto(stack.example.url);
      const launcher = part(page, 'launcher');
      await launcher.waitFor();
      expect(await part(page, 'panel').isHidden()).toBe(true);
      expect(await launcher.getAttribute('aria-expanded')).toBe('false');
      expect(await axeViolations(page)).toEqual([]);

      // Click opens; focus goes to the text box; a message gets its answer.
      await launcher.click();
      await expect.poll(() => focused(page)).toBe('input#input');
      expect(await launcher.getAttribute('aria-expanded')).toBe('true');
      stack.model.enqueue({ text: 'Our teas ship worldwide.' });
      await page.keyboard.type('Do you ship abroad?');
      await page.keyboard.press('Enter');
      await expect
        .poll(() => part(page, 'message-assistant').textContent(), { timeout: 20_000 })
        .toContain('Our teas ship worldwide.');
      await expect.poll(() => page.locator('agent-chat [part~="stop"]').count()).toBe(0);
      // The panel's box once its opening transition has ended (polled: it slides in).
      const box = async () => {
        const panel = await part(page, 'panel').boundingBox();
        return [panel!.x, panel!.y, panel!.width, panel!.height].map(Math.round);
      };
      if (width < 480) await expect.poll(box).toEqual([0, 0, width, 800]);
      else expect((await box())[2]).toBeLessThan(width / 2);
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({ path: join(artifacts, `widget-launcher-open-${width}.png`) });

      // Esc closes; focus returns to the launcher; Enter on it opens again (keyboard), Esc closes.
      await page.keyboard.press('Escape');
      await expect.poll(() => part(page, 'panel').isHidden()).toBe(true);
      expect(await focused(page)).toBe('launcher#');
      await page.keyboard.press('Enter');
      await expect.poll(() => part(page, 'panel').isVisible()).toBe(true);
      await expect.poll(() => focused(page)).toBe('input#input');

      // An answer that arrives while the panel is closed shows on the badge.
      stack.model.enqueue({ text: 'Delivery takes five to seven days.', chunkSize: 4, delayMs: 80 });
      await composerReady(page);
      await page.keyboard.type('How long does delivery take?');
      await page.keyboard.press('Enter');
      await page.keyboard.press('Escape');
      await expect.poll(() => part(page, 'panel').isHidden()).toBe(true);
      await expect.poll(() => part(page, 'launcher-badge').textContent(), { timeout: 20_000 }).toBe('1 new');
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({ path: join(artifacts, `widget-launcher-badge-${width}.png`) });
      await launcher.click();
      expect(await page.locator('agent-chat [part~="launcher-badge"]').count()).toBe(0);
      expect(await page.locator('agent-chat [part~="message-assistant"]').last().textContent()).toContain(
        'Delivery takes five to seven days.',
      );
      await page.close();
    }, 90_000);
  }

  it('mode="panel" docks beside the page, whose content stays usable (element boxes), and resizes', async () => {
    const page = await isolatedPage(stack.browser, { viewport: { width: 1280, height: 800 } });
    await page.goto(stack.example.url);
    // The page leaves room for the panel with the property the element publishes.
    await page.addStyleTag({ content: 'html { padding-right: var(--agent-chat-panel-space, 0px); }' });
    await page.evaluate(() => document.querySelector('agent-chat')!.setAttribute('mode', 'panel'));
    const panel = part(page, 'panel');
    await panel.waitFor();
    await expect.poll(async () => (await panel.boundingBox())?.x).toBeGreaterThan(0);
    const box = (await panel.boundingBox())!;
    expect(box.x + box.width).toBeCloseTo(1280, 1);
    expect(box.height).toBeCloseTo(800, 1);
    for (const selector of ['h1', 'p']) {
      const content = (await page.locator(selector).first().boundingBox())!;
      expect(content.x + content.width).toBeLessThanOrEqual(box.x + 0.5);
      // What is at the content's centre is the content itself, not the panel.
      const hit = await page.evaluate(
        ([x, y]) => document.elementFromPoint(x!, y!)?.tagName.toLowerCase(),
        [content.x + content.width / 2, content.y + content.height / 2],
      );
      expect(hit).toBe(selector);
    }
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: join(artifacts, 'widget-panel-1280.png') });
    // Dragging the handle widens the panel; the page follows.
    const handle = (await part(page, 'resize-handle').boundingBox())!;
    await page.mouse.move(handle.x + handle.width / 2, 400);
    await page.mouse.down();
    await page.mouse.move(box.x - 100, 400, { steps: 5 });
    await page.mouse.up();
    await expect.poll(async () => (await panel.boundingBox())!.width).toBeGreaterThan(box.width + 80);
    const wider = (await panel.boundingBox())!;
    const text = (await page.locator('p').first().boundingBox())!;
    expect(text.x + text.width).toBeLessThanOrEqual(wider.x + 0.5);
    // The open animation runs unless the visitor asks for reduced motion.
    const animation = () =>
      page.evaluate(() => {
        const shown = document.querySelector('agent-chat')!.shadowRoot!.querySelector('[part~="panel"]')!;
        return getComputedStyle(shown).animationName;
      });
    expect(await animation()).toBe('agent-chat-open');
    await page.emulateMedia({ reducedMotion: 'reduce' });
    expect(await animation()).toBe('none');
    await page.close();
  }, 60_000);

  it('dictates into the box and reads an answer aloud without its code; Stop cancels (fake Web Speech API)', async () => {
    const page = await isolatedPage(stack.browser, { viewport: { width: 1280, height: 800 } });
    await page.addInitScript(() => {
      const w = window as unknown as Record<string, unknown>;
      const log = { spoken: [] as string[], cancelled: 0, recognitions: [] as unknown[] };
      w.__speech = log;
      class FakeRecognition {
        lang = '';
        interimResults = false;
        onresult: ((e: unknown) => void) | null = null;
        onerror: ((e: unknown) => void) | null = null;
        onend: (() => void) | null = null;
        start() {
          log.recognitions.push(this);
        }
        stop() {
          this.onend?.();
        }
      }
      w.SpeechRecognition = FakeRecognition;
      const queue: SpeechSynthesisUtterance[] = [];
      Object.defineProperty(window, 'speechSynthesis', {
        configurable: true,
        value: {
          speak(u: SpeechSynthesisUtterance) {
            log.spoken.push(u.text);
            queue.push(u);
          },
          cancel() {
            log.cancelled++;
            for (const u of queue.splice(0)) u.onerror?.({ error: 'canceled' } as SpeechSynthesisErrorEvent);
          },
        },
      });
    });
    await page.goto(stack.example.url);
    await part(page, 'launcher').click();
    await part(page, 'microphone').click();
    await page.evaluate(() => {
      const log = (window as unknown as { __speech: { recognitions: Array<{ onresult(e: unknown): void }> } })
        .__speech;
      const r = log.recognitions.at(-1)!;
      r.onresult({
        resultIndex: 0,
        results: [Object.assign([{ transcript: 'Show me a code' }], { isFinal: false })],
      });
      r.onresult({
        resultIndex: 0,
        results: [Object.assign([{ transcript: 'Show me a code sample' }], { isFinal: true })],
      });
    });
    expect(await page.locator('agent-chat textarea').inputValue()).toBe('Show me a code sample');
    stack.model.enqueue({ text: 'Here it is:\n\n```js\nconsole.log("hidden");\n```\n\nThat prints a line.' });
    await part(page, 'send').click();
    await part(page, 'read-aloud').waitFor({ timeout: 20_000 });
    await part(page, 'read-aloud').click();
    const spoken = () =>
      page.evaluate(() => (window as unknown as { __speech: { spoken: string[] } }).__speech.spoken);
    expect(await spoken()).toEqual(['Here it is:', 'A code block, shown on screen.', 'That prints a line.']);
    expect((await spoken()).join(' ')).not.toContain('hidden');
    expect(await part(page, 'read-aloud').textContent()).toBe('Stop reading');
    await part(page, 'read-aloud').click();
    expect(
      await page.evaluate(
        () => (window as unknown as { __speech: { cancelled: number } }).__speech.cancelled,
      ),
    ).toBeGreaterThan(1);
    await expect.poll(() => part(page, 'read-aloud').textContent()).toBe('Read aloud');
    await page.close();
  }, 90_000);

  it('shows no microphone in Chromium without SpeechRecognition', async () => {
    const page = await isolatedPage(stack.browser);
    await page.addInitScript(() => {
      const w = window as unknown as Record<string, unknown>;
      delete w.SpeechRecognition;
      delete w.webkitSpeechRecognition;
    });
    await page.goto(stack.example.url);
    await part(page, 'launcher').click();
    await part(page, 'input').waitFor();
    expect(await page.locator('agent-chat [part~="microphone"]').count()).toBe(0);
    await page.close();
  }, 60_000);
});
