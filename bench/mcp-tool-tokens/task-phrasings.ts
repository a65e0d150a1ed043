// Task phrasings for the catalog findability measure, derived from the captured tool lists alone by the
// fixed rule below. The rule and fixtures/task-phrasings.json (its output) were committed before any
// recall was computed and before the summary length was chosen; the benchmark fails if the file and
// the rule disagree. Rewrite the file (after a new capture) with:
//   node bench/mcp-tool-tokens/task-phrasings.ts
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CapturedToolLists } from './capture-tool-lists.ts';

/** One task a model could be asked to do, and the tool that does it. */
export interface TaskPhrasing {
  /** Qualified name of the tool that does the task, `mcp__<server>__<tool>`. */
  tool: string;
  /** Which part of the tool's documentation the phrasing comes from. */
  source: 'description' | 'parameters';
  text: string;
}

/** `perPage`, `from_branch`, `issue-number` → `per page`, `from branch`, `issue number`. */
const nameWords = (name: string) =>
  name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[\s_-]+/)
    .filter(Boolean)
    .join(' ')
    .toLowerCase();

const squash = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * THE RULE. For each tool of each captured server, up to two phrasings, each taken whole from the
 * tool's own documentation (nothing is chosen by hand, nothing comes from the catalog summaries):
 * 1. `description`: the tool's description, whitespace squashed; none when it is empty.
 * 2. `parameters`: its input parameters' documentation in schema order, joined with `; `: each
 *    top-level property's description, or its name split into words when it has none; none when the
 *    tool takes no parameters.
 * The task's answer is the tool itself.
 */
export function taskPhrasings(captured: CapturedToolLists): TaskPhrasing[] {
  const out: TaskPhrasing[] = [];
  for (const server of captured.servers)
    for (const tool of server.tools) {
      const name = `mcp__${server.id}__${tool.name}`;
      const description = squash(tool.description ?? '');
      if (description) out.push({ tool: name, source: 'description', text: description });
      const properties = (tool.inputSchema?.properties ?? {}) as Record<string, { description?: unknown }>;
      const docs = Object.entries(properties).map(([key, schema]) =>
        typeof schema?.description === 'string' && squash(schema.description)
          ? squash(schema.description)
          : nameWords(key),
      );
      if (docs.length > 0) out.push({ tool: name, source: 'parameters', text: docs.join('; ') });
    }
  return out;
}

const fixtures = join(import.meta.dirname, 'fixtures');

/** fixtures/task-phrasings.json, checked against {@link taskPhrasings} of the captured lists. */
export function committedTaskPhrasings(captured: CapturedToolLists): TaskPhrasing[] {
  const committed = JSON.parse(readFileSync(join(fixtures, 'task-phrasings.json'), 'utf8')) as {
    phrasings: TaskPhrasing[];
  };
  if (JSON.stringify(committed.phrasings) !== JSON.stringify(taskPhrasings(captured)))
    throw new Error(
      'fixtures/task-phrasings.json no longer follows the rule in task-phrasings.ts for fixtures/tool-lists.json; ' +
        'rerun node bench/mcp-tool-tokens/task-phrasings.ts (and say so: the phrasings changed).',
    );
  return committed.phrasings;
}

if (import.meta.filename === process.argv[1]) {
  const captured = JSON.parse(readFileSync(join(fixtures, 'tool-lists.json'), 'utf8')) as CapturedToolLists;
  const phrasings = taskPhrasings(captured);
  writeFileSync(
    join(fixtures, 'task-phrasings.json'),
    `${JSON.stringify({ rule: 'bench/mcp-tool-tokens/task-phrasings.ts taskPhrasings()', capturedAt: captured.capturedAt, phrasings }, null, 2)}\n`,
  );
  console.log(`${phrasings.length} phrasings for ${new Set(phrasings.map((p) => p.tool)).size} tools`);
}
