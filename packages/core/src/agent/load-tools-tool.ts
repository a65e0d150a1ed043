import type { Message } from '../model/messages.js';
import type { Tool } from '../tools/tool.js';
import { LOAD_TOOLS } from './builtin-names.js';

type Resolve = (name: string) => { name: string; known: true } | { known: false; closest: string[] };

const LOADED_LINE = /^Loaded \d+ tools?: (.+)\. Call them by name now\.$/m;

/**
 * The built-in `load_tools({ names })` of lazy MCP loading: gives the model the full definitions of
 * catalog tools for the rest of the conversation. Unknown names do not fail the call: the result lists
 * the closest existing tools, so the run goes on and the model can try again.
 */
export function loadToolsTool(
  load: (names: string[], toolCallId: string) => Promise<Tool[]>,
  resolve: Resolve,
): Tool<{ names: string[] }, string> {
  return {
    name: LOAD_TOOLS,
    description: 'Adds MCP tools from the catalog to your tools for the rest of the conversation.',
    jsonSchema: {
      type: 'object',
      properties: {
        names: {
          type: 'array',
          items: { type: 'string' },
          minItems: 1,
          description: 'Full names, e.g. mcp__github__search_issues',
        },
      },
      required: ['names'],
      additionalProperties: false,
    },
    validate(value) {
      const names = (value as { names?: unknown } | null)?.names;
      if (!Array.isArray(names) || names.length === 0 || names.some((n) => typeof n !== 'string'))
        return { ok: false, issues: 'names: expected a non-empty array of tool names (strings)' };
      return { ok: true, value: { names: [...new Set(names as string[])] } };
    },
    async execute({ names }, context) {
      const wanted: string[] = [];
      const unknown: string[] = [];
      for (const name of names) {
        const found = resolve(name);
        if (found.known) wanted.push(found.name);
        else unknown.push(`${name} (closest: ${found.closest.join(', ') || 'none'})`);
      }
      const loaded = wanted.length > 0 ? await load(wanted, context.toolCallId ?? '') : [];
      const got = new Set(loaded.map((t) => t.name));
      const unavailable = wanted.filter((name) => !got.has(name));
      const lines: string[] = [];
      if (got.size > 0)
        lines.push(
          `Loaded ${got.size} tool${got.size === 1 ? '' : 's'}: ${[...got].join(', ')}. Call them by name now.`,
        );
      if (unknown.length > 0) lines.push(`No such tools: ${unknown.join('; ')}.`);
      if (unavailable.length > 0)
        lines.push(`Not loaded, their servers are unavailable now: ${unavailable.join(', ')}.`);
      return lines.join('\n');
    },
  };
}

/**
 * The MCP tools a stored conversation has loaded: the names `load_tools` results report as loaded, and
 * tools called by name whose call did not come back as unknown. This is how the loaded set lasts.
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
        const line = LOADED_LINE.exec(result)?.[1];
        for (const name of line?.split(', ') ?? []) names.add(name);
      } else if (call.name.startsWith('mcp__') && !/^Error: (unknown tool|the tool)/.test(result))
        names.add(call.name);
    }
  }
  return [...names];
}
