import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './import-graph.ts';

const read = (file: string) => readFileSync(join(repoRoot, 'packages/widget', file), 'utf8');

/** The parts the element declares (its `@csspart` tags, which also make the custom-elements manifest). */
function declaredParts(): string[] {
  const sources = ['src/element/agent-chat.attributes.ts', 'src/element/agent-chat.component.ts'].map(read);
  return [...new Set(sources.flatMap((s) => [...s.matchAll(/@csspart ([\w-]+)/g)].map((m) => m[1]!)))];
}

/** The first column of the README's parts table (the table under "Parts (`agent-chat::part(name)`)"). */
export function partsTableRows(readme: string): string[] {
  const table = readme.split(/^Parts \(`agent-chat::part\(name\)`\):$/m)[1]?.split(/\n(?!\|)/, 2)[1] ?? '';
  return [...table.matchAll(/^\| `([\w-]+)` +\|/gm)].map((m) => m[1]!);
}

describe("the widget README's parts table", () => {
  it('has a row for every part the element declares, and none it does not', () => {
    const rows = partsTableRows(read('README.md'));
    const parts = declaredParts();
    expect(parts).toEqual(expect.arrayContaining(['mcp-app', 'mcp-app-allow', 'mcp-app-block']));
    expect(parts.filter((p) => !rows.includes(p))).toEqual([]);
    expect(rows.filter((r) => !parts.includes(r))).toEqual([]);
  });

  it('reads the table rows and stops at its end', () => {
    const readme =
      'Parts (`agent-chat::part(name)`):\n\n| Part | Element |\n| --- | --- |\n| `log` | x |\n\n| `other` | y |\n';
    expect(partsTableRows(readme)).toEqual(['log']);
  });
});
