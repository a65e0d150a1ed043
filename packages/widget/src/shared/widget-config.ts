import { ConfigurationError } from '@agent-chat/core';

/** An MCP server the chat may use, as given in the `mcp-servers` attribute (JSON). */
export interface McpServerConfig {
  /** The proxy route `/mcp/{id}` that reaches it. */
  id: string;
  /** A display name. */
  name?: string;
  /** The server's MCP endpoint when it is not the proxy's `${proxy-url}/mcp/{id}`. */
  url?: string;
  /**
   * The user signs in to this server (OAuth 2.1 in a popup; `"auth": "user"` in the proxy's
   * MCP_SERVERS): a Connect button appears, and the accounts menu lists it.
   */
  auth?: boolean;
}

/** Parses the `mcp-servers` attribute; throws `ConfigurationError` saying what a valid value looks like. */
export function parseMcpServers(value: string | null | undefined): McpServerConfig[] {
  if (!value?.trim()) return [];
  const example = 'e.g. mcp-servers=\'[{"id":"everything"}]\'';
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch (error) {
    throw new ConfigurationError(
      `<agent-chat>: mcp-servers is not valid JSON (${String(error)}); ${example}.`,
    );
  }
  if (
    !Array.isArray(parsed) ||
    !parsed.every(
      (s) =>
        typeof s?.id === 'string' &&
        s.id &&
        (s.url === undefined || typeof s.url === 'string') &&
        (s.auth === undefined || typeof s.auth === 'boolean'),
    )
  )
    throw new ConfigurationError(
      `<agent-chat>: mcp-servers must be a JSON array of objects with an "id" string (and optionally a "url" string and "auth": true); ${example}.`,
    );
  return parsed as McpServerConfig[];
}

/** Providers the attribute-built agent can reach through the proxy. */
export const PROVIDERS = ['openai', 'anthropic', 'built-in'] as const;

/** Checks the `provider` attribute; throws `ConfigurationError` naming the supported ones. */
export function checkProvider(provider: string | undefined): void {
  if (!provider || (PROVIDERS as readonly string[]).includes(provider)) return;
  throw new ConfigurationError(
    `<agent-chat>: provider "${provider}" is not available here; use provider="openai" (any OpenAI-compatible model behind the proxy), provider="anthropic" (Claude through the proxy's /v1/messages) or provider="built-in" (the browser's own model), or set .agent to an agent built with another provider.`,
  );
}

/** The `conversation-id` the element showed last, kept across reloads (localStorage may be unavailable). */
export const lastConversation = {
  key: (element: HTMLElement) => `agent-chat:last-conversation:${element.id || location.pathname}`,
  get(element: HTMLElement): string | undefined {
    try {
      return localStorage.getItem(this.key(element)) ?? undefined;
    } catch {
      return undefined;
    }
  },
  set(element: HTMLElement, id: string | undefined): void {
    try {
      if (id) localStorage.setItem(this.key(element), id);
      else localStorage.removeItem(this.key(element));
    } catch {
      // Storage is blocked (privacy mode): the conversation is simply not restored after a reload.
    }
  },
};

/** The URLs of the `knowledge` attribute (space-separated), resolved against the page. */
export function parseKnowledge(value: string | undefined, base: string): string[] {
  const urls: string[] = [];
  for (const part of value?.split(/\s+/) ?? []) {
    if (!part) continue;
    try {
      urls.push(new URL(part, base).href);
    } catch {
      console.warn(`<agent-chat>: knowledge entry "${part}" is not a URL; it is skipped.`);
    }
  }
  return [...new Set(urls)];
}
