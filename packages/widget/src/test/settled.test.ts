import axe from 'axe-core';
import { afterEach, expect, it } from 'vitest';
import '../agent-chat.js';
import type { AgentChatElement } from '../element/agent-chat.component.js';
import { fakeAgent } from './fake-agent.js';
import { settled } from './settled.js';

afterEach(() => document.body.replaceChildren());

const running = (element: AgentChatElement) =>
  element.shadowRoot!.getAnimations().filter((animation) => animation.playState !== 'finished');

const contrastViolations = async (element: AgentChatElement) =>
  (await axe.run(element, { runOnly: ['color-contrast'], resultTypes: ['violations'] })).violations.flatMap(
    (v) => v.nodes.map((n) => n.target.join(' ')),
  );

it('waits until the panel has finished opening, where a colour check mid-way fails (the CI flake)', async () => {
  const element = document.createElement('agent-chat');
  element.setAttribute('mode', 'panel');
  element.agent = fakeAgent([]);
  document.body.append(element);
  await expect.poll(() => running(element).length).toBeGreaterThan(0);
  // Held a quarter of the way into the opening, as a starved machine may leave it when axe runs.
  for (const animation of running(element)) {
    animation.pause();
    animation.currentTime = 40;
  }
  expect(await contrastViolations(element)).toContain('agent-chat,.send');
  // Resumed 20× slower than normal: the rest of the opening takes seconds, and settled() waits for it.
  for (const animation of running(element)) {
    animation.playbackRate = 0.05;
    animation.play();
  }
  await settled(element);
  expect(running(element)).toEqual([]);
  expect(await contrastViolations(element)).toEqual([]);
});
