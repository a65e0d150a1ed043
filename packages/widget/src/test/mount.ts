// Test support for the widget's browser tests: the one way to put an element on the page (cleanup after
// each test is in cleanup.ts, a setup file of the widget's test project).
import { userEvent } from 'vitest/browser';
import '../agent-chat.js';
import type { AgentChatElement } from '../element/agent-chat.component.js';
import { fakeAgent, type ScriptStep } from './fake-agent.js';

/** How {@link mount} makes the element, when not from HTML. */
export interface MountInit<E extends HTMLElement> {
  /** Set before the element connects. */
  attributes?: Record<string, string>;
  /** Sets properties (agent, tools, store…) before the element connects. */
  setup?: (element: E) => void;
}

/**
 * Puts an `<agent-chat>` on the page and waits for its first render: from `html` (the page's body becomes
 * it, as a site author writes it), or created, given `attributes` and `setup` (or just a setup function),
 * and appended.
 */
export function mount(
  init?: string | MountInit<AgentChatElement> | MountInit<AgentChatElement>['setup'],
): Promise<AgentChatElement> {
  return mountElement('agent-chat', typeof init === 'function' ? { setup: init } : init);
}

/** {@link mount} for another custom element, e.g. a test host of one of the widget's views. */
export async function mountElement<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  init: string | MountInit<HTMLElementTagNameMap[K]> = {},
): Promise<HTMLElementTagNameMap[K]> {
  let element: HTMLElementTagNameMap[K];
  if (typeof init === 'string') {
    document.body.innerHTML = init;
    element = document.querySelector(tag)!;
  } else {
    element = document.createElement(tag);
    for (const [name, value] of Object.entries(init.attributes ?? {})) element.setAttribute(name, value);
    init.setup?.(element);
    document.body.append(element);
  }
  if ('updateComplete' in element) await element.updateComplete;
  return element;
}

/** Appends an `<agent-chat>` whose agent plays `steps` (one function per message sent). */
export async function mountWithFakeAgent(steps: Array<(message: string) => ScriptStep[]>) {
  const agent = fakeAgent(steps);
  const element = await mount({ setup: (e) => (e.agent = agent) });
  return { element, agent, root: element.shadowRoot! };
}

/** The first element of the widget's shadow DOM with CSS part `name`. */
export function part(element: AgentChatElement, name: string): HTMLElement | null {
  return element.shadowRoot!.querySelector<HTMLElement>(`[part~="${name}"]`);
}

/** Every element of the widget's shadow DOM with CSS part `name`. */
export function parts(element: AgentChatElement, name: string): HTMLElement[] {
  return [...element.shadowRoot!.querySelectorAll<HTMLElement>(`[part~="${name}"]`)];
}

/** Types `text` into the composer and presses Enter, as a user would. */
export async function send(element: AgentChatElement, text: string): Promise<void> {
  element.shadowRoot!.querySelector('textarea')!.focus();
  await userEvent.keyboard(`${text}{Enter}`);
}
