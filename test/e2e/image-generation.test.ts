import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCRIPTED_PNG } from '../model-server/scripted-model-server.ts';
import { composerReady } from './composer-ready.ts';
import { isolatedPage } from './isolated-page.ts';
import { startWidgetStack, type WidgetStack } from './widget-stack.ts';

// Image generation as a site turns it on: <agent-chat image-model="…">, the proxy under wrangler dev
// with the image model on its allowlist and a price per image, the scripted server as the upstream.
const IMAGE_MODEL = 'gpt-image-1-mini';
const PRICE = 7;

let stack: WidgetStack;

beforeAll(async () => {
  stack = await startWidgetStack({
    upstreamApiKey: 'sk-e2e-images-upstream',
    attributes: { 'image-model': IMAGE_MODEL },
    proxyVars: {
      MODELS: `scripted-model,${IMAGE_MODEL}`,
      CREDIT_PRICES: JSON.stringify({ imageCall: PRICE }),
    },
  });
}, 180_000);

afterAll(async () => {
  await stack?.stop();
});

/** Opens the page and records the credit headers of every proxy answer. */
async function openChat(): Promise<{
  page: Page;
  credits: Array<{ path: string; cost: string | null; left: string | null }>;
}> {
  const page = await isolatedPage(stack.browser);
  const credits: Array<{ path: string; cost: string | null; left: string | null }> = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.origin !== stack.proxy.url) return;
    const headers = response.headers();
    credits.push({
      path: url.pathname,
      cost: headers['x-credits-cost'] ?? null,
      left: headers['x-credits-remaining'] ?? null,
    });
  });
  await page.goto(stack.example.url);
  await page.waitForFunction(() => customElements.get('agent-chat') !== undefined);
  return { page, credits };
}

async function ask(page: Page, text: string): Promise<void> {
  const input = page.locator('agent-chat textarea');
  await composerReady(page);
  await input.fill(text);
  await input.press('Enter');
}

const imageRequests = () => stack.model.requests.filter((r) => r.path === '/v1/images/generations');

describe('image generation through the proxy under wrangler dev', () => {
  it.each(['b64_json', 'url'] as const)(
    'shows the stage and the image (%s answer) and charges credits per image',
    async (format) => {
      const before = imageRequests().length;
      stack.model.enqueue(
        {
          toolCalls: [
            { id: `img-${format}`, name: 'generate_image', arguments: { prompt: 'a red fox in snow' } },
          ],
        },
        { text: 'Here is your fox.' },
      );
      stack.model.enqueueImage(format);
      const { page, credits } = await openChat();
      await ask(page, 'Draw a fox');

      const stage = page.locator('agent-chat [part~="stage"][data-tool="generate_image"]');
      await expect.poll(() => stage.getAttribute('data-status'), { timeout: 20_000 }).toBe('done');
      await expect
        .poll(() => page.locator('agent-chat [part~="message-assistant"]').last().textContent())
        .toContain('Here is your fox.');
      const image = stage.locator('img[part="content-image"]');
      expect(await image.getAttribute('src')).toBe(`data:image/png;base64,${SCRIPTED_PNG}`);
      expect(await image.getAttribute('alt')).toBe('a red fox in snow');
      expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
      expect(await stage.locator('[part="image-download"]').getAttribute('download')).toBe('image.png');

      // The upstream got the checked request: the allowed size, the quality cap, the proxy's key.
      const sent = imageRequests().slice(before);
      expect(sent).toHaveLength(1);
      expect(sent[0]!.body).toMatchObject({
        model: IMAGE_MODEL,
        prompt: 'a red fox in snow',
        n: 1,
        size: '1024x1024',
        quality: 'medium',
      });
      expect(sent[0]!.headers.authorization).toBe('Bearer sk-e2e-images-upstream');

      const charged = credits.find((c) => c.path === '/v1/images/generations');
      expect(charged?.cost).toBe(String(PRICE));
      // The chat call after the image was charged its own 1 credit from what the image left.
      const chats = credits.filter((c) => c.path === '/v1/chat/completions');
      expect(Number(chats.at(-1)?.left)).toBe(Number(charged?.left) - 1);

      // Stored with the conversation in IndexedDB: after a reload the stage still shows the picture. The
      // reload comes once the run has ended (its Stop button gone), when the turn is stored.
      await expect.poll(() => page.locator('agent-chat [part~="stop"]').count(), { timeout: 30_000 }).toBe(0);
      await page.reload();
      const restored = page.locator(
        'agent-chat [part~="stage"][data-tool="generate_image"] img[part="content-image"]',
      );
      await expect.poll(() => restored.count(), { timeout: 10_000 }).toBe(1);
      expect(await restored.getAttribute('src')).toBe(`data:image/png;base64,${SCRIPTED_PNG}`);
      await page.close();
    },
    60_000,
  );

  it('refuses a disallowed size or model with no upstream request', async () => {
    const { page } = await openChat();
    const before = imageRequests().length;
    const answers = await page.evaluate(async (proxy) => {
      const post = async (body: Record<string, unknown>) => {
        const response = await fetch(`${proxy}/v1/images/generations`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ prompt: 'a fox', ...body }),
        });
        return { status: response.status, body: await response.json() };
      };
      return [
        await post({ model: 'gpt-image-1-mini', size: '1792x1024' }),
        await post({ model: 'dall-e-3', size: '1024x1024' }),
        await post({ model: 'gpt-image-1-mini', size: '1024x1024', n: 4 }),
      ];
    }, stack.proxy.url);
    expect(answers.map((a) => [a.status, a.body.error.code])).toEqual([
      [400, 'size_not_allowed'],
      [403, 'model_not_allowed'],
      [400, 'images_not_allowed'],
    ]);
    expect(imageRequests()).toHaveLength(before);
    await page.close();
  });

  it('turns a refused image into a failed stage the model reads, and the chat goes on', async () => {
    stack.model.enqueue(
      {
        toolCalls: [
          { id: 'img-refused', name: 'generate_image', arguments: { prompt: 'something refused' } },
        ],
      },
      { text: 'I could not draw that; shall I try another idea?' },
    );
    stack.model.enqueueImage({
      error: {
        status: 400,
        body: {
          error: {
            message: 'Your request was rejected by the safety system.',
            type: 'invalid_request_error',
          },
        },
      },
    });
    const requestsBefore = stack.model.requests.length;
    const { page } = await openChat();
    await ask(page, 'Draw it');
    const stage = page.locator('agent-chat [part~="stage"][data-tool="generate_image"]');
    await expect.poll(() => stage.getAttribute('data-status'), { timeout: 20_000 }).toBe('failed');
    await expect
      .poll(() => page.locator('agent-chat [part~="message-assistant"]').last().textContent())
      .toContain('shall I try another idea?');
    // The model's second call carried the tool error.
    const followUp = stack.model.requests
      .slice(requestsBefore)
      .filter((r) => r.path === '/v1/chat/completions')[1];
    expect(JSON.stringify(followUp?.body.messages)).toContain('rejected by the safety system');
    await page.close();
  });
});
