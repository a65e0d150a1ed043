import { describe, expect, it } from 'vitest';
import type { Message } from '../model/messages.js';
import { mockModel } from '../test/mock-model.js';
import { dualTrackMemory } from './dual-track-memory.js';
import { entryIds } from './entry-ids.js';
import { memoryStore } from './memory-store.js';
import { retrieveFullContextTool } from './retrieve-full-context-tool.js';
import { summaryPrompt } from './summarize.js';

const LONG_LOG = Array.from({ length: 60 }, (_, i) =>
  i === 41
    ? `2026-11-21T09:00:${i}Z ERROR sync failed: ECONNRESET upstream inventory-api`
    : `2026-11-21T09:00:${i}Z INFO  GET /api/orders?page=${i} 200 ${i * 3}ms`,
).join('\n');
const LONG_ANSWER = `The sync job failed once with ECONNRESET. ${'Orders kept flowing normally otherwise. '.repeat(40)}`;

/** One exchange: question, a tool call with a long log, an answer. */
function exchange(n: number): Message[] {
  return [
    { role: 'user', content: `Question ${n}: any failures?` },
    { role: 'assistant', content: '', toolCalls: [{ id: `c${n}`, name: 'tail_logs', arguments: '{}' }] },
    { role: 'tool', toolCallId: `c${n}`, toolName: 'tail_logs', content: LONG_LOG },
    { role: 'assistant', content: LONG_ANSWER },
  ];
}

async function conversation(turns: number, memory = dualTrackMemory()) {
  const store = memoryStore();
  for (let n = 1; n <= turns; n++) {
    const turn = exchange(n);
    await store.append('c', turn, await memory.summarizeTurn(turn));
  }
  return { store, history: await store.load('c'), summaries: (await store.loadSummaries?.('c')) ?? [] };
}

const contents = (messages: Message[]) => messages.map((m) => m.content);

describe('entry ids', () => {
  it('numbers queries, tool results, calls and responses in message order (q, t, c, r)', () => {
    expect(entryIds([...exchange(1), ...exchange(2)])).toEqual([
      'q1',
      'q1-c1',
      'q1-t1',
      'q1-r',
      'q2',
      'q2-c1',
      'q2-t1',
      'q2-r',
    ]);
  });
});

describe('dualTrackMemory', () => {
  it('sends older long entries as summaries with [ID:… ref:…] and the recent window verbatim', async () => {
    const memory = dualTrackMemory({ recentWindow: 2 });
    const { history, summaries } = await conversation(4, memory);
    const current: Message[] = [{ role: 'user', content: 'And now?' }];
    const sent = memory.assemble(history, summaries, current);
    const text = contents(sent.messages);
    expect(text).toContain('[ID:q1] Question 1: any failures?');
    expect(text.find((t) => t.startsWith('[ID:q1-t1-sum ref:q1-t1] (extractive summary'))).toContain(
      '1 ERROR',
    );
    expect(text.find((t) => t.startsWith('[ID:q2-r-sum ref:q2-r]'))).toBeDefined();
    expect(text).toContain(`[ID:q3-t1] ${LONG_LOG}`);
    expect(text).toContain(`[ID:q4-r] ${LONG_ANSWER}`);
    expect(text.at(-1)).toBe('[ID:q5] And now?');
    expect(sent).toMatchObject({ rollUp: undefined, rolledUp: 0, summarized: 4 });
    // Tool structure stays valid: every tool message still follows its call.
    expect(
      sent.messages.filter((m) => m.role === 'tool').map((m) => m.role === 'tool' && m.toolCallId),
    ).toEqual(['c1', 'c2', 'c3', 'c4']);
  });

  it('sends the tool results of exchanges past toolResultWindow as summaries, their question and answer verbatim', async () => {
    const memory = dualTrackMemory({ recentWindow: 4, toolResultWindow: 1 });
    const { history, summaries } = await conversation(4, memory);
    const text = contents(memory.assemble(history, summaries, [{ role: 'user', content: 'Next?' }]).messages);
    // Exchanges 1–3: the log went as its summary (retrievable by id); the answers word for word.
    for (const n of [1, 2, 3]) {
      expect(text.find((t) => t.startsWith(`[ID:q${n}-t1-sum ref:q${n}-t1]`))).toBeDefined();
      expect(text).toContain(`[ID:q${n}-r] ${LONG_ANSWER}`);
    }
    expect(text).toContain(`[ID:q4-t1] ${LONG_LOG}`);
    // The default keeps the last two exchanges' tool results verbatim; never more than recentWindow.
    const defaults = dualTrackMemory();
    expect(defaults.options.toolResultWindow).toBe(2);
    const narrow = dualTrackMemory({ recentWindow: 1, toolResultWindow: 3 });
    const narrowText = contents(narrow.assemble(history, summaries, []).messages);
    expect(narrowText).not.toContain(`[ID:q3-t1] ${LONG_LOG}`);
    expect(narrowText).toContain(`[ID:q4-t1] ${LONG_LOG}`);
  });

  it('sends an earlier retrieve_full_context result as a pointer, even in the recent window', async () => {
    const memory = dualTrackMemory({ recentWindow: 5 });
    const { history, summaries } = await conversation(2, memory);
    const tool = retrieveFullContextTool(() => history);
    const retrieved = String(
      await tool.execute({ id: 'q1-t1' }, { signal: AbortSignal.timeout(1000), toolCallId: 'r', runId: 'x' }),
    );
    const turn: Message[] = [
      { role: 'user', content: 'Which line failed in the first log?' },
      {
        role: 'assistant',
        content: '',
        toolCalls: [{ id: 'r', name: 'retrieve_full_context', arguments: '{"id":"q1-t1"}' }],
      },
      { role: 'tool', toolCallId: 'r', toolName: 'retrieve_full_context', content: retrieved },
      { role: 'assistant', content: 'Line 42: ECONNRESET.' },
    ];
    expect(await memory.summarizeTurn(turn)).toEqual([]);
    const sent = memory.assemble([...history, ...turn], summaries, [{ role: 'user', content: 'Next?' }]);
    const pointer = contents(sent.messages).find((t) => t.startsWith('[ID:q3-t1-sum ref:q3-t1]'));
    expect(pointer).toBe(
      '[ID:q3-t1-sum ref:q3-t1] (retrieved earlier: [ID:q1-t1] full result of tail_logs: Call retrieve_full_context again for the text.)',
    );
    // The current run's retrieval result stays verbatim: the model is using it.
    const current = memory.assemble(history, summaries, turn.slice(0, 3));
    expect(contents(current.messages).at(-1)).toBe(`[ID:q3-t1] ${retrieved}`);
  });

  it('rolls older exchanges up into a conversation summary that names their ids', async () => {
    const memory = dualTrackMemory({ recentWindow: 1, rollUpAfter: 1 });
    const { history, summaries } = await conversation(5, memory);
    const sent = memory.assemble(history, summaries, [{ role: 'user', content: 'next' }]);
    expect(sent.rolledUp).toBe(3);
    expect(sent.rollUp).toMatch(/^\[ID:history-sum ref:q1…q3\]/);
    expect(sent.rollUp).toContain('- q2: "Question 2: any failures?" [tools: q2-t1 tail_logs] → [q2-r]');
    expect(contents(sent.messages)[0]).toBe('[ID:q4] Question 4: any failures?');
  });

  it('sends far fewer tokens than the full history while retrieve_full_context returns every entry verbatim', async () => {
    const memory = dualTrackMemory();
    const { history, summaries } = await conversation(12, memory);
    const sent = memory.assemble(history, summaries, []);
    const size = (messages: Message[]) => contents(messages).join('').length + (sent.rollUp?.length ?? 0);
    expect(size(sent.messages)).toBeLessThan(contents(history).join('').length * 0.5);
    const tool = retrieveFullContextTool(() => history);
    const context = { signal: new AbortController().signal, toolCallId: 't', runId: 'r' };
    expect(await tool.execute({ id: 'q1-t1-sum' }, context)).toBe(
      `[ID:q1-t1] full result of tail_logs:\n${LONG_LOG}`,
    );
    expect(await tool.execute({ id: 'q3-r' }, context)).toBe(`[ID:q3-r] full text:\n${LONG_ANSWER}`);
    expect(await tool.execute({ id: 'q99-t4' }, context)).toMatch(
      /^No entry with id "q99-t4" in this conversation\. Known ids include: .*q12-r/,
    );
  });

  it('uses the summarizer with the summary prompt, and falls back to an extractive summary when it fails', async () => {
    const summarizer = mockModel([{ text: 'One ECONNRESET failure; otherwise healthy.' }]);
    const turn = exchange(1);
    const summaries = await dualTrackMemory({ summarizer }).summarizeTurn(turn);
    expect(summaries).toEqual([
      { index: 2, text: 'One ECONNRESET failure; otherwise healthy.', method: 'summarizer' },
      { index: 3, text: 'One ECONNRESET failure; otherwise healthy.', method: 'summarizer' },
    ]);
    expect(summarizer.requests[0]?.messages[0]).toEqual({ role: 'system', content: summaryPrompt('log') });
    const broken = mockModel([
      () => {
        throw new Error('summarizer down');
      },
    ]);
    const fallback = await dualTrackMemory({ summarizer: broken }).summarizeTurn(turn);
    expect(fallback.map((s) => s.method)).toEqual(['extractive', 'extractive']);
    expect(fallback[0]?.text).toMatch(/^\(extractive summary of \d+ chars\) 60 lines\./);
  });

  it('leaves short entries alone', async () => {
    const turn: Message[] = [
      { role: 'user', content: 'hi' },
      { role: 'assistant', content: 'Hello!' },
    ];
    expect(await dualTrackMemory().summarizeTurn(turn)).toEqual([]);
  });
});
