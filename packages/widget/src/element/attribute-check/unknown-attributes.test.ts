import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../agent-chat.js';
import { AgentChatElement } from '../agent-chat.component.js';
import { closestAttribute } from './closest-attribute.js';

afterEach(() => {
  vi.restoreAllMocks();
  for (const element of document.querySelectorAll('agent-chat')) element.remove();
});

describe('a misspelled attribute of <agent-chat>', () => {
  it('is named in a console warning with the attribute meant; global, data-, aria- and framework attributes are not', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    document.body.insertAdjacentHTML(
      'beforeend',
      `<agent-chat proxy-ulr="https://proxy.example" proxyUrl="https://proxy.example" modle="gpt-4o-mini"
        id="chat" class="c" data-track="1" aria-label="Chat" _ngcontent-abc="" slot="x" lang="fr"
        system-prompt="Be brief." analytics-id="42"></agent-chat>`,
    );
    await document.querySelector('agent-chat')!.updateComplete;
    const messages = () =>
      warn.mock.calls.map((call) => String(call[0])).filter((m) => m.includes('unknown attribute'));
    // The name search is a lazy chunk: the warnings come once it has loaded.
    await expect.poll(() => messages().length).toBe(3);
    expect(messages()).toEqual([
      '<agent-chat>: unknown attribute "proxy-ulr" is ignored; did you mean "proxy-url"?',
      '<agent-chat>: unknown attribute "proxyurl" is ignored; did you mean "proxy-url"?',
      '<agent-chat>: unknown attribute "modle" is ignored; did you mean "model"?',
    ]);
  });

  it('finds the closest of the element’s own attributes', () => {
    const known = AgentChatElement.observedAttributes;
    expect(closestAttribute('sytem-prompt', known)).toBe('system-prompt');
    expect(closestAttribute('mcpservers', known)).toBe('mcp-servers');
    expect(closestAttribute('analytics-id', known)).toBeUndefined();
  });
});
