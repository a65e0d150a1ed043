import { afterEach, describe, expect, it, vi } from 'vitest';
import './agent-chat.js';
import type { AgentChatElement } from './agent-chat.component.js';
import { fakeSite } from './test/fake-site.js';
import { send } from './test/mount.js';

const SITE = 'http://shop.test';

async function mount(attributes: string): Promise<AgentChatElement> {
  document.body.innerHTML = `<agent-chat id="token-${Date.now()}" proxy-url="${SITE}" model="gpt-4o-mini" memory="off" ${attributes}></agent-chat>`;
  const element = document.querySelector('agent-chat')!;
  await element.updateComplete;
  return element;
}
const part = (element: AgentChatElement, name: string) =>
  element.shadowRoot!.querySelector<HTMLElement>(`[part~="${name}"]`);

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
  document.body.replaceChildren();
});

describe('<agent-chat token-url>', () => {
  it('sends the site’s client token to the proxy and renews an expired one without losing the message', async () => {
    let issued = 0;
    const site = fakeSite({
      turns: [
        {
          error: {
            status: 401,
            body: { error: { code: 'token_expired', message: 'The client token has expired.' } },
          },
        },
        { text: 'Hello with a fresh token.' },
      ],
      routes: {
        [`${SITE}/api/chat-token`]: () => Response.json({ token: `tok-${++issued}`, expiresIn: 900 }),
      },
    });
    const element = await mount('token-url="/api/chat-token"'.replace('/api', `${SITE}/api`));
    await send(element, 'Hi there');
    await expect
      .poll(() => part(element, 'message-assistant')?.textContent, { timeout: 10_000 })
      .toBe('Hello with a fresh token.');
    expect(site.modelRequests.map((r) => r.headers.get('authorization'))).toEqual([
      'Bearer tok-1',
      'Bearer tok-2',
    ]);
    expect(part(element, 'message-user')?.textContent).toContain('Hi there');
    expect(part(element, 'error')).toBeNull();
  });

  it('says clearly when the token endpoint fails, and keeps the typed message', async () => {
    const site = fakeSite({
      turns: [{ text: 'never' }],
      routes: { [`${SITE}/api/chat-token`]: () => new Response('oops', { status: 500 }) },
    });
    const element = await mount(`token-url="${SITE}/api/chat-token"`);
    await send(element, 'Please keep me');
    await expect
      .poll(() => part(element, 'error')?.textContent, { timeout: 10_000 })
      .toContain(`Could not get a client token from ${SITE}/api/chat-token (HTTP 500)`);
    expect(element.shadowRoot!.querySelector('textarea')!.value).toBe('Please keep me');
    expect(site.modelRequests).toHaveLength(0);
  });
});
