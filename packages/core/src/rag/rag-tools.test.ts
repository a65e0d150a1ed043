import { describe, expect, it } from 'vitest';
import { executeToolCall } from '../tools/execute-tool-call.js';
import { hashingEmbedder } from './hashing-embedder.js';
import { createKnowledgeBase } from './knowledge-base.js';
import { ATTACHMENT_PAGE_CHARS, knowledgeTools } from './rag-tools.js';

const context = { signal: new AbortController().signal, toolCallId: 't1', runId: 'r1' };

async function call(tools: ReturnType<typeof knowledgeTools>, name: string, args: unknown) {
  return executeToolCall(
    { id: 't1', name, arguments: JSON.stringify(args) },
    new Map(tools.map((t) => [t.name, t])),
    context,
  );
}

describe('knowledgeTools', () => {
  it('rag_search returns passages with source, section and score; says when it is keyword-only', async () => {
    const kb = createKnowledgeBase();
    await kb.add({
      source: 'policy.md',
      content: '# Returns\nItems can be returned within 30 days.\n# Shipping\nWe ship worldwide.',
    });
    const result = await call(knowledgeTools(kb), 'rag_search', { query: 'return an item' });
    expect(result.ok).toBe(true);
    const body = JSON.parse(result.content);
    expect(body.mode).toBe('keyword');
    expect(body.note).toMatch(/Keyword search only/);
    expect(body.results[0]).toMatchObject({
      source: 'policy.md',
      section: 'Returns',
      text: expect.stringContaining('30 days'),
    });
    expect(typeof body.results[0].score).toBe('number');
  });

  it('only sees the attachments of its own conversation', async () => {
    const kb = createKnowledgeBase({ embedder: hashingEmbedder() });
    await kb.add({ source: 'secret.txt', content: 'The vault code is 4711.', conversationId: 'alice' });
    const asBob = JSON.parse(
      (await call(knowledgeTools(kb, { conversationId: 'bob' }), 'rag_search', { query: 'vault code' }))
        .content,
    );
    expect(asBob.results).toEqual([]);
    const asAlice = JSON.parse(
      (await call(knowledgeTools(kb, { conversationId: 'alice' }), 'rag_search', { query: 'vault code' }))
        .content,
    );
    expect(asAlice.mode).toBe('hybrid');
    expect(asAlice.results[0].source).toBe('secret.txt');
    const read = await call(knowledgeTools(kb, { conversationId: 'bob' }), 'read_attachment', {
      source: 'secret.txt',
    });
    expect(read).toMatchObject({
      ok: false,
      content: expect.stringContaining('No document "secret.txt". Available: none'),
    });
  });

  it('read_attachment serves 10 KB pages and says how to get the next one', async () => {
    const kb = createKnowledgeBase();
    const text = Array.from({ length: 2500 }, (_, i) => `line ${i}`).join('\n');
    await kb.add({ source: 'log.txt', content: text, conversationId: 'c' });
    const tools = knowledgeTools(kb, { conversationId: 'c' });
    const first = JSON.parse((await call(tools, 'read_attachment', { source: 'log.txt' })).content);
    expect(first).toMatchObject({
      page: 1,
      pages: Math.ceil(text.length / ATTACHMENT_PAGE_CHARS),
      next: 'Call read_attachment with page 2 for more.',
    });
    expect(first.text).toBe(text.slice(0, ATTACHMENT_PAGE_CHARS));
    const pages: string[] = [first.text];
    for (let page = 2; page <= first.pages; page++)
      pages.push(
        JSON.parse((await call(tools, 'read_attachment', { source: 'log.txt', page })).content).text,
      );
    expect(pages.join('')).toBe(text);
    const beyond = await call(tools, 'read_attachment', { source: 'log.txt', page: 99 });
    expect(beyond).toMatchObject({
      ok: false,
      content: expect.stringContaining(`has ${first.pages} page(s)`),
    });
  });
});
