import { ANTHROPIC_DEFAULT_BASE_URL } from './config-defaults.js';
import type { ParsedEnv } from './config-env.js';
import type { ConfigSecrets } from './config-secrets.js';
import type { McpServerConfig, UpstreamConfig } from './config-types.js';

/** Every upstream by name: `default` (`UPSTREAM_*`), `anthropic` when configured, then `UPSTREAMS`. */
export function upstreamConfigs(parsed: ParsedEnv, secrets: ConfigSecrets): Map<string, UpstreamConfig> {
  const upstreams = new Map<string, UpstreamConfig>();
  upstreams.set('default', {
    name: 'default',
    api: 'openai',
    baseUrl: parsed.UPSTREAM_BASE_URL,
    apiKey: parsed.UPSTREAM_API_KEY,
  });
  if (parsed.ANTHROPIC_API_KEY !== undefined || parsed.ANTHROPIC_BASE_URL !== undefined) {
    upstreams.set('anthropic', {
      name: 'anthropic',
      api: 'anthropic',
      baseUrl: parsed.ANTHROPIC_BASE_URL ?? ANTHROPIC_DEFAULT_BASE_URL,
      apiKey: parsed.ANTHROPIC_API_KEY,
    });
  }
  for (const [name, upstream] of Object.entries(parsed.UPSTREAMS ?? {})) {
    upstreams.set(name, {
      name,
      api: upstream.api ?? 'openai',
      baseUrl: upstream.baseUrl,
      apiKey: secrets.named(`UPSTREAMS.${name}.apiKeySecret`, upstream.apiKeySecret),
    });
  }
  return upstreams;
}

/** `MCP_SERVERS` by id; a server the user signs in to gets no proxy credential and needs no AUTH_SECRET. */
export function mcpServerConfigs(
  parsed: ParsedEnv,
  secrets: ConfigSecrets,
  problems: string[],
): Map<string, McpServerConfig> {
  const servers = new Map<string, McpServerConfig>();
  for (const [id, server] of Object.entries(parsed.MCP_SERVERS ?? {})) {
    const userAuth = server.auth === 'user';
    if (userAuth && server.apiKeySecret !== undefined)
      problems.push(
        `MCP_SERVERS.${id} has both "auth": "user" and an apiKeySecret: a server the user signs in to never gets the proxy's credential; remove one`,
      );
    if (userAuth && parsed.AUTH_SECRET !== undefined)
      problems.push(
        `MCP_SERVERS.${id} has "auth": "user", whose requests carry the user's token in Authorization, where AUTH_SECRET expects a client token; serve such servers from a proxy without AUTH_SECRET (browsers are checked by ALLOWED_ORIGINS)`,
      );
    servers.set(id, {
      id,
      url: server.url,
      apiKey: userAuth ? undefined : secrets.named(`MCP_SERVERS.${id}.apiKeySecret`, server.apiKeySecret),
      userAuth,
    });
  }
  return servers;
}
