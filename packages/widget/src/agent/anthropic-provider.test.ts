import { anthropicStreamEvents } from '@agent-chat/core/test';
import { afterEach, describe, expect, it } from 'vitest';
import '../agent-chat.js';
import { send } from '../test/mount.js';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

describe('<agent-chat provider="anthropic" reasoning-effort>', () => {
  it('turns reasoning-effort into an extended-thinking budget and shows the thinking', async () => {
    const requests: Array<{ url: string; body: Record<string, unknown> }> = [];
    globalThis.fetch = async (input, init) => {
      const url = String(input);
      if (!url.endsWith('/v1/messages')) return realFetch(input, init);
      requests.push({ url, body: JSON.parse(String(init?.body)) });
      const events = anthropicStreamEvents({ reasoning: 'Short question, short answer.', text: 'Hello!' });
      return new Response(events.join(''), { headers: { 'content-type': 'text/event-stream' } });
    };
    document.body.innerHTML =
      '<agent-chat proxy-url="http://proxy.test" provider="anthropic" model="claude-sonnet-4-5" reasoning-effort="medium"></agent-chat>';
    const element = document.querySelector('agent-chat')!;
    await element.updateComplete;
    await send(element, 'Hi');
    const root = element.shadowRoot!;
    await expect
      .poll(() => root.querySelector('[part~="message-assistant"]')?.textContent)
      .toContain('Hello!');
    expect(requests[0]?.url).toBe('http://proxy.test/v1/messages');
    expect(requests[0]?.body).toMatchObject({ thinking: { type: 'enabled', budget_tokens: 8192 } });
    // The Thinking disclosure's view is a lazy chunk: it renders a moment after the answer may.
    await expect
      .poll(() => root.querySelector('[part~="reasoning"] .reasoning-text')?.textContent)
      .toBe('Short question, short answer.');
    const details = root.querySelector<HTMLDetailsElement>('[part~="reasoning"]')!;
    await expect.poll(() => details.open).toBe(false);
  });
});
