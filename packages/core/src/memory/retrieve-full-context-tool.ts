import type { Message } from '../model/messages.js';
import { defineTool, type Tool } from '../tools/tool.js';
import { RETRIEVE_FULL_CONTEXT } from './built-in-tool-names.js';
import { entryIds, refOf } from './entry-ids.js';

export { RETRIEVE_FULL_CONTEXT } from './built-in-tool-names.js';

/**
 * The built-in `retrieve_full_context({ id })` tool: returns the full, verbatim entry behind an
 * `[ID:…]` label (a `…-sum` id gives the entry it summarises). An unknown id is an ordinary result that
 * says so and lists recent ids, never an exception. `messages()` gives the full track at call time.
 */
export function retrieveFullContextTool(messages: () => readonly Message[]): Tool<{ id: string }, string> {
  return defineTool({
    name: RETRIEVE_FULL_CONTEXT,
    description:
      'Returns the full text of an earlier conversation entry whose summary you were given, by its id ' +
      '(e.g. "q3-t1" or "q3-r-sum"). Use it when a summary lacks a detail you need.',
    // A plain JSON Schema: its validator loads with the first call (see defineTool).
    parameters: {
      type: 'object',
      properties: { id: { type: 'string', description: 'An id from an [ID:…] label, e.g. q2-t1 or q2-r.' } },
      required: ['id'],
    },
    execute: ({ id }) => {
      const all = messages();
      const ids = entryIds(all);
      const wanted = refOf(
        id
          .trim()
          .replace(/^\[?ID:/, '')
          .replace(/]$/, ''),
      );
      const index = ids.indexOf(wanted);
      const entry = index === -1 ? undefined : all[index];
      if (!entry) {
        const known = ids.filter((i): i is string => !!i && !/-c\d+$/.test(i)).slice(-15);
        return `No entry with id "${id}" in this conversation. Known ids include: ${known.join(', ') || 'none'}.`;
      }
      const head =
        entry.role === 'tool'
          ? `[ID:${wanted}] full result of ${entry.toolName}:`
          : `[ID:${wanted}] full text:`;
      return `${head}\n${entry.content}`;
    },
  });
}
