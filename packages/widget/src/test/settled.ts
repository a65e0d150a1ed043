import type { LitElement } from 'lit';

/**
 * Resolves once `element` has rendered and none of its CSS animations or transitions is running (the
 * panel's open animation, a theme's colour change): what a check of computed colours (axe
 * `color-contrast`) must wait for, or it may read a colour half-way. Waits for states, not for time:
 * each finite animation's `finished`, then looks again, since an update can start new ones. Infinite
 * animations (a spinner) are left alone.
 */
export async function settled(element: LitElement, rounds = 10): Promise<void> {
  for (let round = 0; round < rounds; round++) {
    await element.updateComplete;
    // getAnimations() flushes pending style changes first, so transitions a change just caused are in it.
    const running = [...(element.shadowRoot?.getAnimations() ?? []), ...element.getAnimations()].filter(
      (animation) =>
        animation.playState !== 'finished' && animation.effect?.getComputedTiming().endTime !== Infinity,
    );
    if (running.length === 0) return;
    await Promise.all(running.map((animation) => animation.finished.catch(() => undefined)));
  }
  throw new Error(`settled: animations of <${element.localName}> still running after ${rounds} rounds`);
}
