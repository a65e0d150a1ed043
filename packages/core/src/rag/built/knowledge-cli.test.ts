import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runKnowledgeCli } from './knowledge-cli.js';
import { openKnowledgeIndex } from './knowledge-index-reader.js';

let dir: string | undefined;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function run(args: string[]) {
  const lines: string[] = [];
  const code = await runKnowledgeCli(args, { log: (l) => lines.push(l), error: (l) => lines.push(l) });
  return { code, output: lines.join('\n') };
}

describe('agent-chat knowledge build', () => {
  it('builds a folder into an index the reader opens, and refuses unreadable documents by name', async () => {
    dir = await mkdtemp(join(tmpdir(), 'knowledge-cli-'));
    const docs = join(dir, 'docs');
    await mkdir(join(docs, 'guide'), { recursive: true });
    await writeFile(join(docs, 'guide', 'install.md'), '# Install\n\nRun the installer with --quiet.');
    await writeFile(
      join(docs, 'faq.html'),
      '<title>FAQ</title><h1>Refunds</h1><p>Refunds take five days.</p>',
    );
    await writeFile(join(docs, 'broken.pdf'), 'not a pdf');
    await writeFile(join(docs, 'image.png'), 'skipped: not a document format');
    const out = join(dir, 'out');

    const refused = await run(['knowledge', 'build', docs, '--out', out]);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('broken.pdf');

    await rm(join(docs, 'broken.pdf'));
    const built = await run([
      'knowledge',
      'build',
      docs,
      '--out',
      out,
      '--base-url',
      'https://site.example/docs/',
    ]);
    expect(built.output).toContain('2 documents');
    expect(built.code).toBe(0);
    const fetchFile = (async (url: string | URL) =>
      new Response(
        await readFile(join(out, new URL(url).pathname.slice('/knowledge/'.length))),
      )) as typeof fetch;
    const index = await openKnowledgeIndex('https://site.example/knowledge/', { fetch: fetchFile });
    const ranked = await index.rank('refund days', 3);
    const hits = await index.hits(ranked.hits.map((h) => h.id));
    expect([...hits.values()][0]).toMatchObject({
      source: 'https://site.example/docs/faq.html',
      title: 'FAQ',
    });

    expect((await run(['knowledge', 'build', docs])).code).toBe(2);
  });

  it('reads a manifest and names a document it lists that is missing', async () => {
    dir = await mkdtemp(join(tmpdir(), 'knowledge-cli-'));
    await writeFile(join(dir, 'a.md'), '# A\n\nAlpha.');
    await writeFile(
      join(dir, 'manifest.json'),
      JSON.stringify({ documents: [{ url: 'a.md', title: 'Alpha' }, { url: 'gone.md' }] }),
    );
    const result = await run(['knowledge', 'build', join(dir, 'manifest.json'), '--out', join(dir, 'out')]);
    expect(result.code).toBe(1);
    expect(result.output).toContain('gone.md');
  });
});
