import type { WidgetMcp } from '../mcp/mcp-start.js';
import type { McpServerConfig } from '../shared/widget-config.js';

/**
 * The MCP hub of an element's `mcp-servers`, started on first use and kept while the settings stay the
 * same. The MCP SDK is imported only here, with import(), so pages without MCP servers never download it.
 */
export class McpConnection {
  #current: { key: string; fetch: typeof fetch | undefined; started: Promise<WidgetMcp> } | undefined;

  /** The started hub for these settings (a new one when they changed); undefined without servers or proxy. */
  get(
    proxyUrl: string | undefined,
    model: string | undefined,
    servers: readonly McpServerConfig[],
    proxyFetch?: typeof fetch,
    onSignInRedirect?: () => unknown,
  ): Promise<WidgetMcp> | undefined {
    const url = proxyUrl?.trim();
    const name = model?.trim();
    // Without a proxy there is nothing to reach them through; createProxyAgent says what to set.
    if (!servers.length || !url) return undefined;
    const key = JSON.stringify([url, name, servers]);
    if (this.#current?.key !== key || this.#current.fetch !== proxyFetch) {
      this.stop();
      // The sampling model comes from the agent runtime's lazy chunk, like the agent itself.
      const started = Promise.all([import('../mcp/mcp-start.js'), import('./agent-chunk.js')]).then(
        ([{ startMcp }, { proxyModel }]) =>
          startMcp(url, servers, {
            model: name ? proxyModel(url, name, undefined, proxyFetch) : undefined,
            proxyFetch,
            onSignInRedirect,
          }),
      );
      this.#current = { key, fetch: proxyFetch, started };
    }
    return this.#current.started;
  }

  /** Closes the MCP sessions (the element was removed or its servers changed). */
  stop(): void {
    const current = this.#current;
    this.#current = undefined;
    void current?.started.then(
      ({ hub }) => hub.dispose(),
      () => undefined,
    );
  }
}
