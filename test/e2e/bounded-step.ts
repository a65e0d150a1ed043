// A test step that Playwright does not bound itself (`page.evaluate`, `page.close`, `exposeFunction`): bounded
// here, so a step that hangs fails naming itself instead of running the test into its timeout.

/** Waits for `work` at most `ms`; then fails with what did not finish. */
export async function bounded<T>(what: string, ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not finish within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Closes pages a step is done with, waiting at most `ms`: their browser context closes after the test anyway,
 * so a page slow to close (a popup still loading on a busy machine) does not hold the test.
 */
export async function closeSoon(pages: readonly { close(): Promise<void> }[], ms = 10_000): Promise<void> {
  await bounded('closing pages', ms, Promise.all(pages.map((page) => page.close()))).catch(() => {});
}
