// Dual-track memory inside the real run loop: createAgent({ memory }) with a scripted model.
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { createAgent } from '../agent/create-agent.js';
import type { AgentEvent } from '../events.js';
import type { ModelRequest } from '../model/chat-model.js';
import { collect, ofType } from '../test/collect.js';
import { mockModel } from '../test/mock-model.js';
import { defineTool } from '../tools/tool.js';
import { memoryStore } from './memory-store.js';

const REPORT = Array.from({ length: 60 }, (_, i) =>
  i === 17 ? 'line 17: ERROR disk /var is 97% full' : `line ${i}: INFO all good on host-${i % 5}`,
).join('\n');
const readReport = defineTool({
  name: 'read_report',
  description: 'Reads the ops report.',
  parameters: z.object({}),
  execute: () => REPORT,
});

const texts = (request: ModelRequest | undefined) => request?.messages.map((m) => m.content) ?? [];

describe('agent with dual-track memory', () => {
  it('sends older tool results as summaries, lets the model retrieve them by id, and stores summaries with the turn', async () => {
    const model = mockModel([
      { toolCalls: [{ name: 'read_report', arguments: {} }] },
      { text: 'Disk /var is nearly full.', usage: { inputTokens: 900, outputTokens: 10 } },
      { text: 'Nothing else to add.' },
      { toolCalls: [{ id: 'r1', name: 'retrieve_full_context', arguments: { id: 'q1-t1-sum' } }] },
      { text: 'Line 17 says 97%.' },
    ]);
    const store = memoryStore();
    const agent = createAgent({
      model,
      store,
      tools: [readReport],
      memory: { recentWindow: 1 },
      systemPrompt: 'SYS',
    });
    const first = await collect(agent.run({ conversationId: 'c', message: 'Check the report' }));
    await collect(agent.run({ conversationId: 'c', message: 'Anything else?' }));
    const third = await collect(agent.run({ conversationId: 'c', message: 'Which line was it?' }));

    // First run: the current turn is sent verbatim, with ids; the built-in tool is offered.
    expect(texts(model.requests[1])).toContain(`[ID:q1-t1] ${REPORT}`);
    expect(model.requests[0]?.tools?.map((t) => t.name)).toEqual(['read_report', 'retrieve_full_context']);
    const usage = ofType(first, 'usage')[0];
    // Nothing to compress yet: the [ID:…] labels cost a few tokens more than the raw messages.
    expect(usage?.context).toMatchObject({ method: 'full', drift: false });
    expect(usage?.context?.ratio).toBeCloseTo(1, 1);
    expect(usage?.context?.sentTokens).toBeGreaterThan(100);

    // Third run: q1 is outside the recent window, so its report travels as a summary…
    const sent = texts(model.requests[3]);
    expect(sent[0]).toBe('SYS');
    expect(sent).toContain('[ID:q1] Check the report');
    const summary = sent.find((t) => t.startsWith('[ID:q1-t1-sum ref:q1-t1]'));
    expect(summary).toContain('ERROR disk /var is 97% full');
    expect(sent.join('\n')).not.toContain('line 42: INFO');
    // …and retrieve_full_context brings the full text back.
    expect(ofType(third, 'tool.complete')[0]).toMatchObject({
      name: 'retrieve_full_context',
      content: `[ID:q1-t1] full result of read_report:\n${REPORT}`,
    });
    // The third run's first call carried the summary instead of the report.
    expect(agent.efficiency.records.at(-2)).toMatchObject({ method: 'dual-track', turn: 1 });
    expect(agent.efficiency.records.at(-2)?.ratio).toBeLessThan(0.5);

    // The report's summary was stored with the first turn (at its position, 2).
    expect((await store.loadSummaries?.('c'))?.find((s) => s.seq === 2)).toMatchObject({
      method: 'extractive',
    });
  });

  it('compacts to the run’s token budget with a context.compacted event, and fails clearly when it cannot fit', async () => {
    const model = mockModel([{ toolCalls: [{ name: 'read_report', arguments: {} }] }, { text: 'ok' }]);
    const agent = createAgent({ model, tools: [readReport], memory: true, limits: { tokenBudget: 600 } });
    const events = await collect(agent.run({ conversationId: 'b', message: 'Check the report' }));
    const compacted = ofType(events, 'context.compacted')[0];
    expect(compacted?.method).toBe('distill');
    expect(compacted?.afterTokens).toBeLessThan(compacted?.beforeTokens ?? 0);
    expect(events.at(-1)).toMatchObject({ type: 'run.finish', status: 'completed' });
    expect(texts(model.requests[1]).at(-1)).toMatch(/^\[ID:q1-t1-sum ref:q1-t1\] \(extractive summary/);

    const tiny = createAgent({
      model: mockModel([{ text: 'never' }]),
      memory: true,
      limits: { tokenBudget: 50 },
    });
    const failed = await collect(tiny.run({ conversationId: 't', message: 'word '.repeat(200) }));
    expect(ofType(failed, 'error')[0]).toMatchObject({ code: 'context_overflow' });
    expect(ofType(failed, 'error')[0]?.message).toMatch(
      /raise limits\.tokenBudget or start a new conversation/,
    );
    expect(failed.at(-1)).toMatchObject({ type: 'run.finish', status: 'failed' });
    // The user's message is kept even though the run could not start.
    expect(await tiny.store.load('t')).toEqual([{ role: 'user', content: 'word '.repeat(200) }]);
  });

  it('an aborted turn keeps the earlier turns and the user’s message, and does not wait for the summarizer', async () => {
    let summarizerCalls = 0;
    const summarizer = mockModel([
      () => {
        summarizerCalls++;
        return { text: 'summary' };
      },
    ]);
    const model = mockModel([
      { text: 'First answer. '.repeat(80) },
      { text: 'slow '.repeat(200), chunkSize: 1, delayMs: 20 },
    ]);
    const agent = createAgent({ model, memory: true, summarizer });
    await collect(agent.run({ conversationId: 'a', message: 'first' }));
    expect(summarizerCalls).toBe(1);
    const controller = new AbortController();
    const events: AgentEvent[] = [];
    for await (const event of agent.run({
      conversationId: 'a',
      message: 'second',
      signal: controller.signal,
    })) {
      events.push(event);
      if (event.type === 'response.chunk') controller.abort();
    }
    expect(events.at(-1)).toMatchObject({ type: 'run.finish', status: 'aborted' });
    expect(summarizerCalls).toBe(1);
    expect((await agent.store.load('a')).map((m) => m.content)).toEqual([
      'first',
      'First answer. '.repeat(80),
      'second',
    ]);
    expect(await agent.store.loadSummaries?.('a')).toEqual([
      { seq: 1, text: 'summary', method: 'summarizer' },
    ]);
  });

  it('sends a tool result holding a table as TOON when that is smaller, and other data as minified JSON', async () => {
    const teas = Array.from({ length: 12 }, (_, i) => ({ id: i, name: `Tea ${i}`, price: 4 + i / 2 }));
    const listTeas = defineTool({
      name: 'list_teas',
      description: 'Lists the teas.',
      parameters: z.object({}),
      execute: () => ({ teas }),
    });
    const shopInfo = defineTool({
      name: 'shop_info',
      description: 'The shop.',
      parameters: z.object({}),
      execute: () => ({ name: 'Leaf', open: { from: 9, to: 18 } }),
    });
    const model = mockModel([
      { toolCalls: [{ name: 'shop_info', arguments: {} }] },
      { toolCalls: [{ name: 'list_teas', arguments: {} }] },
      { text: 'Twelve teas.' },
    ]);
    const agent = createAgent({ model, tools: [listTeas, shopInfo], memory: {} });
    await collect(agent.run({ conversationId: 'c', message: 'What teas?' }));
    const sent = texts(model.requests[2]).join('\n');
    expect(sent).toContain('{"name":"Leaf","open":{"from":9,"to":18}}');
    // TOON: one header naming the fields, then one row per tea.
    expect(sent).toMatch(/teas\[12.?\]\{id.name.price\}:/);
    expect(sent).toContain('Tea 11');
    expect(sent).not.toContain('"name":"Tea 11"');
  });

  it('refuses a user tool named retrieve_full_context when memory is on', () => {
    const clash = defineTool({
      name: 'retrieve_full_context',
      description: 'x',
      parameters: z.object({}),
      execute: () => 1,
    });
    expect(() => createAgent({ model: mockModel([{ text: '' }]), tools: [clash], memory: true })).toThrow(
      /reserved by memory/,
    );
  });
});
