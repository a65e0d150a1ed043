import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

/** Flags that keep headless Chromium off the (closed) network and quiet on this kind of machine. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Path of Debian's Chromium (Playwright's own browser download does not work here). */
export function chromiumPath(): string {
  const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(path))
    throw new Error(`Chromium not found at ${path}: run "apt-get install -y chromium" or set CHROMIUM_PATH.`);
  return path;
}

/** Launches Debian's Chromium headless with a fresh profile. */
export function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    args: [...CHROMIUM_ARGS, ...extraArgs],
    headless: true,
  });
}
