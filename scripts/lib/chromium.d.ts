import { type Browser } from 'playwright-core';
/** Flags that keep headless Chromium off the (closed) network and quiet on this kind of machine. */
export declare const CHROMIUM_ARGS: string[];
/** Path of Debian's Chromium (Playwright's own browser download does not work here). */
export declare function chromiumPath(): string;
/** Launches Debian's Chromium headless with a fresh profile. */
export declare function launchChromium(extraArgs?: string[]): Promise<Browser>;
