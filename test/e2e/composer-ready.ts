// Waits until the chat takes a message, as a visitor sees it: the Send button is enabled again. An answer's
// text shows a moment before its run ends; Enter pressed in between is ignored (the run is still going),
// so a test that sends its next message as soon as it sees the answer must wait for this first.
import type { Page } from 'playwright-core';

/** Resolves when the first `<agent-chat>` on `page` accepts a message (its Send button is not disabled). */
export async function composerReady(page: Page): Promise<void> {
  await page
    .locator('agent-chat [part~="send"]:not([disabled])')
    .first()
    .waitFor({ state: 'attached', timeout: 30_000 });
}
