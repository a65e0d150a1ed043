import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { codeSpans, missingReferences, readRepo } from './doc-references.ts';
import { repoRoot } from './import-graph.ts';

const repo = readRepo(repoRoot);
// The maps a maintainer reads: the architecture, the READMEs and the decision records. (The fixtures'
// README names files of the repositories its recordings come from, not of this one.)
const docs = repo.files.filter(
  (f) =>
    (f === 'ARCHITECTURE.md' || /(^|\/)README\.md$/.test(f) || /^docs\/adr\/.+\.md$/.test(f)) &&
    !f.startsWith('test/fixtures/'),
);

// Names of other projects' APIs and of files in a user's app that the docs mention (comparisons, framework
// set-up notes), which this repository does not have.
const FOREIGN_SYMBOLS = [
  'DirectChatTransport',
  'nuxt.config.ts',
  'plugins/agent-chat.client.ts',
  'clientOnly',
  'onMount',
  'afterNextRender',
];

describe('documents name only what exists', () => {
  it('finds the documents', () => {
    expect(docs).toContain('ARCHITECTURE.md');
    expect(docs.filter((d) => d.startsWith('docs/adr/')).length).toBeGreaterThan(5);
  });

  for (const doc of docs) {
    it(doc, () => {
      const missing = missingReferences(repo, doc, readFileSync(join(repoRoot, doc), 'utf8'));
      expect(missing.filter((name) => !FOREIGN_SYMBOLS.includes(name))).toEqual([]);
    });
  }

  it('no document cites a DESIGN section that is not in the repo', () => {
    const cites = repo.files.filter(
      (f) =>
        /\.(ts|md)$/.test(f) &&
        !f.includes('node_modules/') &&
        /DESIGN §/.test(readFileSync(join(repoRoot, f), 'utf8')),
    );
    expect(cites.filter((f) => f !== 'test/architecture/doc-references.test.ts')).toEqual([]);
  });

  it('fails for a renamed path, a missing folder and a symbol that is gone', () => {
    const doc =
      'The loop is in `packages/core/src/agent/run-agent.ts`, its turns in `model-turn.ts` (`runAgent`).';
    expect(missingReferences(repo, 'ARCHITECTURE.md', doc)).toEqual([]);
    const renamed = doc
      .replace('run-agent.ts', 'run-loop.ts')
      .replace('model-turn', 'model-step')
      .replace('runAgent', 'runEveryToolCallAtOnce');
    expect(missingReferences(repo, 'ARCHITECTURE.md', `${renamed} See \`nowhere/\`.`)).toEqual([
      'packages/core/src/agent/run-loop.ts',
      'model-step.ts',
      'runEveryToolCallAtOnce',
      'nowhere/',
    ]);
    expect(codeSpans('`a.ts`\n```ts\n`b.ts`\n```\n')).toEqual(['a.ts']);
  });
});
