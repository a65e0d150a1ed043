// Must-show of issue 29: a page that configures <agent-chat> by HTML alone (greeting, starter-prompts), the
// real script-tag build, the proxy under wrangler dev and the scripted model, in Chromium: start screen →
// prompt click → answer → copy (the real clipboard) → thumbs down with a comment (event, stored record,
// run-log export).
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeSource } from './axe-source.ts';
import { composerReady } from './composer-ready.ts';
import { isolatedPage } from './isolated-page.ts';
import { storedRecords } from './stored-records.ts';
import { startWidgetStack, type WidgetStack } from './widget-stack.ts';

const PROMPTS = JSON.stringify([
  'What teas do you sell?',
  { label: 'Brewing help', prompt: 'How do I brew Sencha?', icon: '🍵' },
]);
const ANSWER = 'Brew **Sencha** at 75 °C:\n\n```js\nbrew({ tea: "sencha", temp: 75 });\n```\n';

const artifacts = join(import.meta.dirname, '../artifacts');
let stack: WidgetStack;

beforeAll(async () => {
  stack = await startWidgetStack({
    upstreamApiKey: 'sk-e2e-chat-ux-upstream',
    attributes: { greeting: 'Welcome to the tea shop!', 'starter-prompts': PROMPTS },
  });
  mkdirSync(artifacts, { recursive: true });
}, 180_000);

afterAll(async () => {
  await stack?.stop();
});

/** A page of the test's own: a fresh profile (no conversation of another test), with the real clipboard. */
const openPage = () => isolatedPage(stack.browser, { permissions: ['clipboard-read', 'clipboard-write'] });

/** Serious or critical axe-core violations inside the element. */
async function axeViolations(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run(c: Element): Promise<{ violations: Array<{ id: string; impact: string }> }> };
      }
    ).axe;
    const result = await axe.run(document.querySelector('agent-chat')!);
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => v.id);
  });
}

async function download(page: Page, part: string, conversationTitle: string): Promise<string> {
  const toggle = page.locator('agent-chat [part~="conversations-toggle"]');
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  const entry = page.locator('agent-chat [part~="conversation"]', { hasText: conversationTitle });
  const button = part ? entry.locator(`[part~="${part}"]`) : entry.getByRole('button', { name: /^Export:/ });
  const [file] = await Promise.all([page.waitForEvent('download'), button.click()]);
  return readFileSync((await file.path())!, 'utf8');
}

describe('chat UX configured by HTML alone', () => {
  it('start screen → prompt → answer → copy → thumbs down with a comment, stored and in the run log', async () => {
    const page = await openPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (e) => pageErrors.push(e.message));
    await page.goto(stack.example.url);

    // 1. The start screen, from the attributes; axe-clean in light and dark.
    const greeting = page.locator('agent-chat [part~="greeting"]');
    await expect.poll(() => greeting.textContent(), { timeout: 20_000 }).toBe('Welcome to the tea shop!');
    const prompts = page.locator('agent-chat [part~="starter-prompt"]');
    expect(await prompts.allTextContents()).toEqual(['What teas do you sell?', '🍵Brewing help']);
    await page.addScriptTag({ content: axeSource });
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      expect(await axeViolations(page)).toEqual([]);
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await page.locator('agent-chat').screenshot({ path: join(artifacts, 'chat-ux-start-screen.png') });

    // 2. A prompt click sends its prompt (not its label).
    const sent = stack.model.requests.length;
    stack.model.enqueue({ text: ANSWER, chunkSize: 8, delayMs: 2 });
    await page.evaluate(() => {
      const w = window as unknown as { __feedback: unknown[] };
      w.__feedback = [];
      document
        .querySelector('agent-chat')!
        .addEventListener('agent-chat-feedback', (e) => w.__feedback.push((e as CustomEvent).detail));
    });
    await prompts.nth(1).click();
    const answer = page.locator('agent-chat [part~="message-assistant"]').last();
    await expect.poll(() => answer.locator('code').textContent(), { timeout: 20_000 }).toContain('brew(');
    const request = stack.model.requests[sent]?.body as {
      messages: Array<{ role: string; content: string }>;
    };
    expect(request.messages.filter((m) => m.role === 'user').map((m) => m.content)).toEqual([
      expect.stringContaining('How do I brew Sencha?'),
    ]);
    expect(await page.locator('agent-chat [part~="start-screen"]').count()).toBe(0);

    // 3. Copy the answer (Markdown) and the code block (raw code): the real clipboard holds them.
    const copy = page.locator('agent-chat [part~="copy"]');
    await copy.click({ timeout: 10_000 });
    await expect
      .poll(() => page.locator('agent-chat .answer-actions [role="status"]').textContent())
      .toBe('Copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(ANSWER);
    await page.locator('agent-chat [part~="code-copy"]').click();
    await expect
      .poll(() => page.evaluate(() => navigator.clipboard.readText()))
      .toBe('brew({ tea: "sencha", temp: 75 });');
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      expect(await axeViolations(page)).toEqual([]);
    }

    // 4. Thumbs down, with a comment typed in the box that opens (keyboard: it has the focus).
    await page.locator('agent-chat [part~="feedback-down"]').click();
    await page.keyboard.type('Which water hardness?');
    await page.locator('agent-chat').screenshot({ path: join(artifacts, 'chat-ux-feedback.png') });
    await page.locator('agent-chat [part~="feedback-send"]').click();
    // The click counted at once (rating only); the comment came as a second event that records it again.
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __feedback: unknown[] }).__feedback))
      .toHaveLength(2);
    const [click, detail] = (await page.evaluate(
      () => (window as unknown as { __feedback: unknown[] }).__feedback,
    )) as Array<{
      conversationId: string;
      messageId: string;
      runId: string;
      rating: string;
      comment: string;
    }>;
    expect(click).toMatchObject({ rating: 'down', messageId: detail!.messageId });
    expect(click).not.toHaveProperty('comment');
    expect(detail).toEqual({
      conversationId: expect.stringMatching(/\S/),
      messageId: expect.stringContaining(detail!.conversationId),
      runId: expect.stringMatching(/\S/),
      rating: 'down',
      comment: 'Which water hardness?',
    });
    expect(await page.locator('agent-chat [part~="feedback-down"]').getAttribute('aria-pressed')).toBe(
      'true',
    );

    // 5. The stored record (the conversation's export, from IndexedDB) has it with the message...
    const exported = JSON.parse(await download(page, '', 'How do I brew Sencha?')) as {
      messages: Array<{ role: string; content: string; feedback?: unknown }>;
    };
    const position = Number(detail!.messageId.slice(detail!.conversationId.length + 1));
    expect(exported.messages[position]).toMatchObject({
      role: 'assistant',
      content: ANSWER,
      feedback: { rating: 'down', comment: 'Which water hardness?' },
    });
    // ...and so does the run-log export (JSONL), beside the run's model calls.
    const runLog = (await download(page, 'export-run-log', 'How do I brew Sencha?'))
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { kind: string });
    expect(runLog.map((r) => r.kind)).toContain('model.request');
    expect(runLog.filter((r) => r.kind === 'feedback').at(-1)).toMatchObject({
      runId: detail!.runId,
      messageId: detail!.messageId,
      rating: 'down',
      comment: 'Which water hardness?',
    });
    expect(pageErrors).toEqual([]);
    await page.close();
  });

  it('finds a conversation by a word of its third message among 500 stored conversations', async () => {
    const page = await openPage();
    await page.goto(stack.example.url);
    // The list opens the element's IndexedDB database (schema and all) as a visit would.
    await page.locator('agent-chat [part~="conversations-toggle"]').click();
    const search = page.locator('agent-chat [part~="conversation-search"]');
    await search.waitFor({ timeout: 20_000 });
    // 500 conversations of earlier visits, three turns each, written into that database.
    await page.evaluate(async () => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open('agent-chat');
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      const tx = db.transaction(['conversations', 'entries'], 'readwrite');
      for (let n = 0; n < 500; n++) {
        const id = `seed-${n}`;
        const messages = [1, 2, 3].flatMap((k) => [
          {
            role: 'user',
            content:
              n === 377 && k === 3 ? 'Could you gift-wrap the marzipan tin?' : `Question ${k} about tea ${n}`,
          },
          { role: 'assistant', content: `Answer ${k}: green teas like Sencha suit you. `.repeat(8) },
        ]);
        tx.objectStore('conversations').put({
          id,
          title: `Question 1 about tea ${n}`,
          createdAt: 1_700_000_000_000 + n,
          updatedAt: 1_700_000_000_000 + n,
          messageCount: messages.length,
          version: 1,
        });
        for (const [seq, message] of messages.entries())
          tx.objectStore('entries').put({ conversationId: id, seq, message });
      }
      await new Promise((resolve, reject) => {
        tx.oncomplete = resolve;
        tx.onerror = () => reject(tx.error);
      });
      db.close();
    });
    await search.fill('marzipan');
    const entries = page.locator('agent-chat [part~="conversation"]');
    // Only that one (not the 499 others).
    await expect
      .poll(() => entries.evaluateAll((els) => els.map((e) => e.getAttribute('data-id'))), {
        timeout: 20_000,
      })
      .toEqual(['seed-377']);
    // Opening it shows the whole conversation, the third message included.
    await entries.first().locator('.conversation-title').click();
    await expect
      .poll(() => page.locator('agent-chat [part~="message-user"]').allTextContents())
      .toEqual([
        'Question 1 about tea 377',
        'Question 2 about tea 377',
        'Could you gift-wrap the marzipan tin?',
      ]);
    await page.close();
  });

  it('edits the first of three messages: a branch, both histories exactly, still there after a reload', async () => {
    const page = await openPage();
    await page.goto(stack.example.url);
    // It starts on a profile of its own (isolatedPage): no conversation another test stored.
    expect(await storedRecords(page, 'agent-chat', 'conversations')).toEqual([]);
    await page.locator('agent-chat [part~="new-conversation"]').first().click();
    const users = () => page.locator('agent-chat [part~="message-user"]').allTextContents();
    const answers = () => page.locator('agent-chat [part~="message-assistant"]').allTextContents();
    const questions = ['Which green teas?', 'And black teas?', 'Any oolong?'];
    for (const [i, question] of questions.entries()) {
      stack.model.enqueue({ text: `Old answer ${i + 1}.` });
      const input = page.locator('agent-chat textarea#input');
      await composerReady(page);
      await input.fill(question);
      await input.press('Enter');
      await expect.poll(answers, { timeout: 20_000 }).toHaveLength(i + 1);
    }
    await expect.poll(answers).toEqual(['Old answer 1.', 'Old answer 2.', 'Old answer 3.']);
    const oldHistory = { users: await users(), answers: await answers() };

    // Edit the first message (keyboard: the editor takes the focus) and send it.
    const sent = stack.model.requests.length;
    stack.model.enqueue({ text: 'New answer.' });
    await page.locator('agent-chat [part~="edit-message"]').first().click();
    await page.locator('agent-chat [part~="message-editor"]').waitFor();
    await page.addScriptTag({ content: axeSource });
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      expect(await axeViolations(page)).toEqual([]);
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await page.locator('agent-chat [part~="message-editor"] textarea').focus();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('Which white teas?');
    await page.locator('agent-chat [part~="edit-save"]').click();
    await expect.poll(answers, { timeout: 20_000 }).toEqual(['New answer.']);
    expect(await users()).toEqual(['Which white teas?']);
    const status = page.locator('agent-chat [part~="branch-status"]');
    await expect.poll(() => status.allTextContents()).toEqual(['2 / 2']);
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      expect(await axeViolations(page)).toEqual([]);
    }
    await page.locator('agent-chat').screenshot({ path: join(artifacts, 'chat-ux-branches.png') });
    // The model's request for the new branch holds none of the old branch's messages.
    const request = JSON.stringify(stack.model.requests[sent]?.body);
    expect(request).toContain('Which white teas?');
    for (const old of [...oldHistory.users, ...oldHistory.answers]) expect(request).not.toContain(old);

    // Switching restores both histories exactly.
    await page.locator('agent-chat [part~="branch-prev"]').click();
    await expect.poll(users).toEqual(oldHistory.users);
    expect(await answers()).toEqual(oldHistory.answers);
    await expect.poll(() => status.allTextContents()).toEqual(['1 / 2']);
    await page.locator('agent-chat [part~="branch-next"]').click();
    await expect.poll(users).toEqual(['Which white teas?']);
    expect(await answers()).toEqual(['New answer.']);

    // After a reload (IndexedDB), the branch shown comes back with its picker, and the old one with it.
    await page.reload();
    await expect.poll(users, { timeout: 20_000 }).toEqual(['Which white teas?']);
    await expect.poll(() => status.allTextContents(), { timeout: 20_000 }).toEqual(['2 / 2']);
    await page.locator('agent-chat [part~="branch-prev"]').click();
    await expect.poll(users).toEqual(oldHistory.users);
    expect(await answers()).toEqual(oldHistory.answers);
    await page.close();
  });
});
