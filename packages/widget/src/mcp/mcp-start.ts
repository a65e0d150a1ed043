// Loaded with import() by the element only when mcp-servers is set: the MCP SDK stays in a lazy chunk,
// so pages without MCP never download it.
import { type ChatModel, McpHub } from '@agent-chat/core';
import type { McpServerConfig } from '../shared/widget-config.js';

/**
 * A started hub. The agent takes its tools itself (lazily: the catalog and `load_tools` once their
 * definitions pass the agent's threshold), so no schema is fetched here beyond the first listing.
 */
export interface WidgetMcp {
  hub: McpHub;
}

/** What {@link startMcp} needs besides the servers. */
export interface McpStartOptions {
  /** Answers the servers' sampling requests, after the user agrees. */
  model?: ChatModel | undefined;
  /** The fetch of servers behind the proxy (it carries the client token, if any). */
  proxyFetch?: typeof fetch | undefined;
  /** What a redirect sign-in keeps while the tab is away (the message that waits for it). */
  onSignInRedirect?: (() => unknown) | undefined;
}

/**
 * Connects the `mcp-servers` of an element through its proxy (`${proxyUrl}/mcp/{id}` unless a server
 * names its own `url`) and lists their tools. A server that cannot be reached is left out (the hub
 * reports it down, and the model reads a notice), so the chat still works with the others. Starting the
 * hub finishes a redirect sign-in that came back (`hub.takeResumedSignIns()`).
 */
export async function startMcp(
  proxyUrl: string,
  servers: readonly McpServerConfig[],
  { model, proxyFetch, onSignInRedirect }: McpStartOptions = {},
): Promise<WidgetMcp> {
  const base = proxyUrl.replace(/\/+$/, '');
  const hub = new McpHub({
    // Servers behind the proxy go through `proxyFetch` (it carries the client token, if any).
    servers: servers.map((server) => ({
      id: server.id,
      url: server.url ?? `${base}/mcp/${encodeURIComponent(server.id)}`,
      // Popup sign-in, tokens in IndexedDB, this page as the redirect (see completeMcpSignIn).
      ...(server.auth ? { auth: { viaProxy: server.url === undefined } } : {}),
      // A user's own sign-in sends its own Authorization; other servers carry the client token, if any.
      ...(server.url === undefined && proxyFetch && !server.auth ? { fetch: proxyFetch } : {}),
    })),
    ...(model ? { sampling: { model, askUser: true } } : {}),
    ...(onSignInRedirect ? { onSignInRedirect: () => onSignInRedirect() } : {}),
  });
  try {
    await hub.start();
    return { hub };
  } catch (error) {
    await hub.dispose();
    throw error;
  }
}
