import type { Tool } from '../tools/tool.js';
import { LOAD_TOOLS } from './builtin-names.js';
import { loadedLine } from './load-tools-history.js';

type Resolve = (name: string) => { name: string; known: true } | { known: false; closest: string[] };

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
    // Short: this definition goes with every request of a lazy conversation. `validate` holds the rules.
    description: 'Loads catalog tools for the rest of the conversation.',
    jsonSchema: {
      type: 'object',
      properties: { names: { type: 'array', items: { type: 'string' } } },
      required: ['names'],
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
      if (got.size > 0) lines.push(loadedLine([...got]));
      if (unknown.length > 0) lines.push(`No such tools: ${unknown.join('; ')}.`);
      if (unavailable.length > 0)
        lines.push(`Not loaded, their servers are unavailable now: ${unavailable.join(', ')}.`);
      return lines.join('\n');
    },
  };
}
