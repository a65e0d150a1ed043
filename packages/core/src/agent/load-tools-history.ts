import type { Message } from '../model/messages.js';
import { LOAD_TOOLS } from './builtin-names.js';

/** A qualified MCP tool name, as `qualifiedToolName` makes them (`mcp__{server}__{tool}`). */
const QUALIFIED = /mcp__[a-zA-Z0-9-]+__[a-zA-Z0-9_-]+/g;
const LOADED_PREFIX = 'Loaded ';

/** The line of a `load_tools` result that names the tools it loaded; {@link loadedNamesOf} reads it back. */
export function loadedLine(names: readonly string[]): string {
  return `${LOADED_PREFIX}${names.length} tool${names.length === 1 ? '' : 's'}: ${names.join(', ')}. Call them by name now.`;
}

/**
 * The MCP tools a stored conversation has loaded: the names `load_tools` results report as loaded, and
 * tools called by name whose call did not come back as unknown or unloaded. This is how the loaded set
 * lasts. A result's loaded line is read by its prefix and the qualified names in it, so a rewording of
 * the rest of the line (or a name with a dot or comma around it) does not lose the set.
 */
export function loadedNamesOf(history: readonly Message[]): string[] {
  const names = new Set<string>();
  const results = new Map<string, string>();
  for (const message of history)
    if (message.role === 'tool') results.set(message.toolCallId, message.content);
  for (const message of history) {
    if (message.role !== 'assistant') continue;
    for (const call of message.toolCalls ?? []) {
      const result = results.get(call.id) ?? '';
      if (call.name === LOAD_TOOLS) {
        const line = result.split('\n').find((l) => l.startsWith(LOADED_PREFIX)) ?? '';
        for (const name of line.slice(line.indexOf(':') + 1).match(QUALIFIED) ?? []) names.add(name);
      } else if (call.name.startsWith('mcp__') && !/^Error: (unknown tool|the tool)/.test(result))
        names.add(call.name);
    }
  }
  return [...names];
}

/** The names {@link loadedNamesOf} finds in the last stored run (from the last user message on). */
export function lastRunLoadedNamesOf(history: readonly Message[]): string[] {
  const lastUser = history.findLastIndex((m) => m.role === 'user');
  return loadedNamesOf(lastUser < 0 ? history : history.slice(lastUser));
}

/**
 * `messages` without the `load_tools` calls that are spent, and their results: every one but those of
 * the latest round of tool calls (whose results the model is about to read). Once the model has read
 * a load result it says nothing more: the tools it loaded are in the tool list with their full
 * definitions. Leaving them out keeps every later request of the conversation smaller; the store keeps
 * them. An assistant message that also carries reasoning stays whole (providers may need it back).
 */
export function withoutSpentLoads(messages: readonly Message[]): Message[] {
  const latest = messages.findLastIndex((m) => m.role !== 'tool');
  const spent = new Set<string>();
  messages.forEach((message, index) => {
    if (message.role === 'assistant' && index !== latest && !message.reasoning)
      for (const call of message.toolCalls ?? []) if (call.name === LOAD_TOOLS) spent.add(call.id);
  });
  if (spent.size === 0) return [...messages];
  const kept: Message[] = [];
  for (const message of messages) {
    if (message.role === 'tool' && spent.has(message.toolCallId)) continue;
    if (message.role === 'assistant' && message.toolCalls?.some((c) => spent.has(c.id))) {
      const toolCalls = message.toolCalls.filter((c) => !spent.has(c.id));
      const { toolCalls: _, ...rest } = message;
      if (toolCalls.length > 0) kept.push({ ...rest, toolCalls });
      else if (message.content) kept.push(rest);
      continue;
    }
    kept.push(message);
  }
  return kept;
}
