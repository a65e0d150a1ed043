/** A page served on 127.0.0.1 that runs one bundled module. */
export interface PageBundleServer {
    /** `http://127.0.0.1:<port>/`: an empty page that loads the bundle; `window.__ready` is true once it ran. */
    url: string;
    close(): Promise<void>;
}
/**
 * Bundles `entry` for the browser (workspace packages from source) and serves it on a free local port
 * with a blank page that loads it, for Chromium tests and benchmarks that need real pages (several
 * tabs, closing a tab) rather than Vitest's browser mode.
 */
export declare function servePageBundle(entry: string): Promise<PageBundleServer>;
