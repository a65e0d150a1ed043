import { createKnowledgeBase } from '@agent-chat/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeSite } from '../test/fake-site.js';
import { syncKnowledge } from './knowledge-sync.js';

const faq = 'http://shop.test/docs/faq.txt';

afterEach(() => vi.unstubAllGlobals());

describe('syncKnowledge', () => {
  it('indexes again only when the bytes changed, for a server that sends no validators (SHA-256)', async () => {
    const site = fakeSite({
      files: { [faq]: { body: 'Gift cards never expire.', type: 'text/plain' } },
    });
    const kb = createKnowledgeBase();

    expect(await syncKnowledge(kb, [faq])).toEqual({ indexed: [faq], unchanged: [], failed: [] });
    const [first] = await kb.documents();
    expect(first!.metadata.hash).toMatch(/^[0-9a-f]{64}$/);

    // Downloaded again (nothing to ask with), but the same bytes: the stored copy stays as it was.
    expect(await syncKnowledge(kb, [faq])).toEqual({ indexed: [], unchanged: [faq], failed: [] });
    expect(site.downloads(faq)).toBe(2);
    expect((await kb.documents())[0]).toBe(first);

    site.files[faq] = { body: 'Gift cards expire after two years.', type: 'text/plain' };
    expect(await syncKnowledge(kb, [faq])).toEqual({ indexed: [faq], unchanged: [], failed: [] });
    const [changed] = await kb.documents();
    expect(changed!.metadata.hash).not.toBe(first!.metadata.hash);
    expect((await kb.search('gift cards expire')).hits[0]!.text).toContain('two years');
  });

  it('keeps the documents of a manifest that could not be read, and names it', async () => {
    const manifest = 'http://shop.test/kb/manifest.json';
    const site = fakeSite({
      files: {
        [manifest]: { body: JSON.stringify({ documents: [{ url: 'faq.txt' }] }), type: 'application/json' },
        'http://shop.test/kb/faq.txt': { body: 'Gift cards never expire.', type: 'text/plain' },
      },
    });
    const kb = createKnowledgeBase();
    expect((await syncKnowledge(kb, [manifest])).indexed).toEqual(['http://shop.test/kb/faq.txt']);

    site.files[manifest] = { body: '{"docs":[]}', type: 'application/json' };
    const result = await syncKnowledge(kb, [manifest]);
    expect(result.failed.map((f) => [f.url, f.reason])).toEqual([[manifest, 'unsupported-type']]);
    expect(result.failed[0]!.message).toContain('{"documents":[{"url":"…","title":"…"}]}');
    expect((await kb.documents()).map((d) => d.source)).toEqual(['http://shop.test/kb/faq.txt']);
  });
});
