import { ConfigurationError } from '../errors.js';

const SERVER_ID = /^[a-zA-Z0-9-]{1,24}$/;
const MAX_NAME = 64;

/** Checks a server id: it becomes part of every tool name, so it must be short and plain. */
export function checkServerId(id: unknown): string {
  if (typeof id !== 'string' || !SERVER_ID.test(id))
    throw new ConfigurationError(
      `McpHub: server id ${JSON.stringify(id)} is invalid; use 1-24 letters, digits or "-" (e.g. "github").`,
    );
  return id;
}

/**
 * The name the model sees for an MCP tool: `mcp__{server}__{tool}` (ADR-011 of the reference design),
 * with characters providers refuse replaced by `_` and long names shortened with a stable hash, so
 * that every provider accepts it (`[a-zA-Z0-9_-]{1,64}`).
 */
export function qualifiedToolName(serverId: string, toolName: string): string {
  const name = `mcp__${serverId}__${toolName.replace(/[^a-zA-Z0-9_-]/g, '_')}`;
  if (name.length <= MAX_NAME) return name;
  const hash = fnv1a(toolName).toString(36);
  return `${name.slice(0, MAX_NAME - hash.length - 1)}_${hash}`;
}

/** The first sentence of a description: what the supervisor sees before it picks a tool. */
export function firstSentence(description: string | undefined, maxChars = 160): string {
  const text = (description ?? '').replace(/\s+/g, ' ').trim();
  const match = /^.*?[.!?](?=\s|$)/.exec(text);
  const sentence = match ? match[0] : text;
  return sentence.length <= maxChars ? sentence : `${sentence.slice(0, maxChars - 1)}…`;
}

/** True when `name` passes a server's allow and deny lists (`*` matches any run of characters). */
export function isToolAllowed(name: string, allow?: readonly string[], deny?: readonly string[]): boolean {
  if (allow && !allow.some((pattern) => matches(pattern, name))) return false;
  return !deny?.some((pattern) => matches(pattern, name));
}

function matches(pattern: string, name: string): boolean {
  if (!pattern.includes('*')) return pattern === name;
  const source = pattern
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${source}$`).test(name);
}

function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}
