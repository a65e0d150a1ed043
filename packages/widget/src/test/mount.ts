// Test support for the widget's browser tests: an <agent-chat> on the page driven by a scripted agent.
import { userEvent } from 'vitest/browser';
import '../agent-chat.js';
import type { AgentChatElement } from '../agent-chat.component.js';
import { fakeAgent, type ScriptStep } from './fake-agent.js';

/** Appends an `<agent-chat>` whose agent plays `steps` (one function per message sent). */
export async function mountWithFakeAgent(steps: Array<(message: string) => ScriptStep[]>) {
  const agent = fakeAgent(steps);
  const element = document.createElement('agent-chat');
  element.agent = agent;
  document.body.append(element);
  await element.updateComplete;
  return { element, agent, root: element.shadowRoot! };
}

/** Types `text` into the composer and presses Enter, as a user would. */
export async function send(element: AgentChatElement, text: string): Promise<void> {
  element.shadowRoot!.querySelector('textarea')!.focus();
  await userEvent.keyboard(`${text}{Enter}`);
}
