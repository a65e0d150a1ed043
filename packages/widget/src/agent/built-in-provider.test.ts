import { fakeLanguageModel } from '@agent-chat/core/test';
import { afterEach, describe, expect, it } from 'vitest';
import '../agent-chat.js';
import { send } from '../test/mount.js';

let restore: (() => void) | undefined;
afterEach(() => {
  restore?.();
});

describe('<agent-chat provider="built-in">', () => {
  it("answers with the browser's own model, configured by HTML alone", async () => {
    const fake = fakeLanguageModel({ answers: ['Hello from the browser model.'] });
    restore = fake.install();
    document.body.innerHTML = '<agent-chat provider="built-in"></agent-chat>';
    const element = document.querySelector('agent-chat')!;
    await element.updateComplete;
    await send(element, 'Hi');
    await expect
      .poll(() => element.shadowRoot!.querySelector('[part~="message-assistant"]')?.textContent)
      .toContain('Hello from the browser model.');
    expect(fake.prompts.at(-1)?.prompt).toBe('Hi');
  });

  it('says which values reasoning-effort takes', async () => {
    document.body.innerHTML =
      '<agent-chat proxy-url="http://127.0.0.1:9" model="m" reasoning-effort="extreme"></agent-chat>';
    const element = document.querySelector('agent-chat')!;
    await element.updateComplete;
    await send(element, 'Hi');
    await expect
      .poll(() => element.shadowRoot!.querySelector('[role="alert"]')?.textContent)
      .toContain('reasoning-effort must be one of minimal, low, medium, high, got "extreme"');
  });
});
