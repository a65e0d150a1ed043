import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import '../agent-chat.js';
import type { AgentChatElement } from '../element/agent-chat.component.js';
import { fakeAgent, type ScriptStep } from '../test/fake-agent.js';
import { mount, part } from '../test/mount.js';
import { settled } from '../test/settled.js';

const answer =
  (text: string, wait = 0) =>
  (): ScriptStep[] => [
    ...(wait ? [{ wait }] : []),
    { type: 'response.chunk', turn: 1, text },
    { type: 'response.done', text },
  ];

async function mountShell(attributes: Record<string, string>, scripts = [answer('Hello there.')]) {
  const element = await mount({ attributes, setup: (e) => (e.agent = fakeAgent(scripts)) });
  await expect.poll(() => part(element, 'launcher') ?? part(element, 'frame')).not.toBeNull();
  await element.updateComplete;
  return element;
}

const deepActive = (): Element | null => {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
};

async function axeViolations(element: AgentChatElement) {
  // Colours are checked once every transition has ended (a panel opening, a theme change), never mid-way.
  await settled(element);
  const result = await axe.run(element, { resultTypes: ['violations'] });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

beforeEach(async () => {
  await page.viewport(1280, 800);
});

afterEach(async () => {
  document.documentElement.style.removeProperty('--agent-chat-panel-space');
});

describe('<agent-chat mode="launcher">', () => {
  it('opens by click and keyboard, closes with Esc, returns focus, fires events and remembers the state', async () => {
    const events: string[] = [];
    const element = await mountShell({ mode: 'launcher', id: 'help' });
    element.addEventListener('agent-chat-open', () => events.push('open'));
    element.addEventListener('agent-chat-close', () => events.push('close'));
    const launcher = part(element, 'launcher')!;
    expect(part(element, 'panel')!.hidden).toBe(true);
    expect(launcher.getAttribute('aria-expanded')).toBe('false');
    expect(launcher.getAttribute('aria-controls')).toBe('panel');

    await userEvent.click(launcher);
    await expect.poll(() => events).toEqual(['open']);
    expect(part(element, 'panel')!.hidden).toBe(false);
    expect(part(element, 'panel')!.getAttribute('role')).toBe('dialog');
    expect(deepActive()?.id).toBe('input');
    expect(localStorage.getItem('agent-chat:open:help')).toBe('1');

    await userEvent.keyboard('{Escape}');
    await expect.poll(() => events).toEqual(['open', 'close']);
    expect(part(element, 'panel')!.hidden).toBe(true);
    expect(deepActive()).toBe(part(element, 'launcher'));
    expect(localStorage.getItem('agent-chat:open:help')).toBe('0');

    // Keyboard: the focused launcher opens with Enter.
    await userEvent.keyboard('{Enter}');
    await expect.poll(() => events).toEqual(['open', 'close', 'open']);
    await userEvent.click(part(element, 'close')!);
    await expect.poll(() => events.length).toBe(4);

    // The API; a reloaded page opens as it was left.
    await element.open();
    expect(part(element, 'panel')!.hidden).toBe(false);
    element.remove();
    const again = await mountShell({ mode: 'launcher', id: 'help' });
    await expect.poll(() => part(again, 'panel')?.hidden).toBe(false);
    await again.toggle();
    expect(part(again, 'panel')!.hidden).toBe(true);
  });

  it('badges an answer that arrived while closed', async () => {
    const element = await mountShell({ mode: 'launcher' }, [answer('Late answer.', 300)]);
    await element.open();
    await userEvent.keyboard('Question{Enter}');
    await element.close();
    await expect.poll(() => part(element, 'launcher-badge')?.textContent).toBe('1 new');
    await element.open();
    expect(part(element, 'launcher-badge')).toBeNull();
    expect(part(element, 'message-assistant')!.textContent).toContain('Late answer.');
  });

  it('takes the whole screen under 480 px and stays axe-clean open, light and dark', async () => {
    const element = await mountShell({ mode: 'launcher' });
    await element.open();
    expect(await axeViolations(element)).toEqual([]);
    element.setAttribute('theme', 'dark');
    await element.updateComplete;
    expect(await axeViolations(element)).toEqual([]);
    await page.viewport(375, 700);
    await expect
      .poll(() => {
        const box = part(element, 'panel')!.getBoundingClientRect();
        return [box.left, box.top, box.width, box.height].map(Math.round);
      })
      .toEqual([0, 0, document.documentElement.clientWidth, innerHeight]);
    expect(innerWidth).toBe(375);
  });

  it('is axe-clean closed, light and dark', async () => {
    const element = await mountShell({ mode: 'launcher' });
    expect(part(element, 'panel')!.hidden).toBe(true);
    expect(await axeViolations(element)).toEqual([]);
    element.setAttribute('theme', 'dark');
    await element.updateComplete;
    expect(await axeViolations(element)).toEqual([]);
  });

  it('falls back to inline for an unknown mode, warning with the valid values', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const element = await mountShell({ mode: 'bubble' });
    await expect.poll(() => warn.mock.calls.length).toBeGreaterThan(0);
    expect(String(warn.mock.calls[0]![0])).toMatch(/unknown mode="bubble".*inline, launcher, panel/);
    await element.updateComplete;
    expect(part(element, 'launcher')).toBeNull();
    expect(part(element, 'frame')).not.toBeNull();
    await element.open(); // no-op, no throw
  });
});

describe('<agent-chat mode="panel">', () => {
  it('docks beside the page content, which stays usable, and resizes by keyboard', async () => {
    const main = document.createElement('main');
    main.innerHTML = '<button type="button">Page action</button>';
    main.style.marginRight = 'var(--agent-chat-panel-space, 0px)';
    document.body.append(main);
    const element = await mountShell({ mode: 'panel' });
    await expect.poll(() => part(element, 'panel')?.hidden).toBe(false);
    expect(part(element, 'panel')!.getAttribute('role')).toBe('complementary');
    const panelBox = () => part(element, 'panel')!.getBoundingClientRect();
    await expect.poll(() => main.getBoundingClientRect().right).toBeLessThanOrEqual(panelBox().left + 0.5);
    expect(Math.round(panelBox().right)).toBe(innerWidth);
    // The page's button is clickable: what is at its centre is the button itself.
    const button = main.querySelector('button')!;
    const b = button.getBoundingClientRect();
    expect(document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2)).toBe(button);
    let clicked = false;
    button.addEventListener('click', () => (clicked = true));
    await userEvent.click(button);
    expect(clicked).toBe(true);

    const before = panelBox().width;
    part(element, 'resize-handle')!.focus();
    expect(part(element, 'resize-handle')!.getAttribute('aria-valuenow')).toBe(String(before));
    await userEvent.keyboard('{ArrowLeft}');
    await element.updateComplete;
    await userEvent.keyboard('{ArrowLeft}');
    // Two steps of 32 px, up to 80 % of the window.
    await expect.poll(() => panelBox().width).toBe(before + 64);
    await expect
      .poll(() => part(element, 'resize-handle')!.getAttribute('aria-valuenow'))
      .toBe(String(before + 64));
    await expect.poll(() => main.getBoundingClientRect().right).toBeLessThanOrEqual(panelBox().left + 0.5);
    expect(await axeViolations(element)).toEqual([]);
    element.setAttribute('theme', 'dark');
    await element.updateComplete;
    expect(await axeViolations(element)).toEqual([]);

    await element.close();
    expect(part(element, 'panel')!.hidden).toBe(true);
    expect(getComputedStyle(document.documentElement).getPropertyValue('--agent-chat-panel-space')).toBe(
      '0px',
    );
    expect(Math.round(main.getBoundingClientRect().right)).toBe(innerWidth);
  });

  it('publishes the space it takes when it changes, not on every streamed chunk', async () => {
    const chunks = Array.from({ length: 40 }, (_, i) => `word${i} `);
    const streamed = (): ScriptStep[] => [
      ...chunks.map((text) => ({ type: 'response.chunk' as const, turn: 1, text })),
      { type: 'response.done', text: chunks.join('') },
    ];
    const element = await mountShell({ mode: 'panel' }, [streamed]);
    await expect.poll(() => part(element, 'panel')?.hidden).toBe(false);
    const space = () => document.documentElement.style.getPropertyValue('--agent-chat-panel-space');
    await expect.poll(space).not.toBe('0px');
    await userEvent.click(element.shadowRoot!.querySelector('textarea#input')!);
    const writes = vi.spyOn(document.documentElement.style, 'setProperty');
    await userEvent.keyboard('Question{Enter}');
    await expect.poll(() => part(element, 'message-assistant')?.textContent).toContain('word39');
    expect(writes.mock.calls.filter(([name]) => name === '--agent-chat-panel-space')).toEqual([]);
    await element.close();
    expect(space()).toBe('0px');
  });
});
