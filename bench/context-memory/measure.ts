// Bundled by index.ts (see bench/lib/import-bundled.ts) so @agent-chat/core runs from source.
import {
  countMessageTokens,
  dualTrackMemory,
  entryIds,
  type Message,
  memoryStore,
  o200kTokenCounter,
  retrieveFullContextTool,
} from '@agent-chat/core';
import { AGENT_CHAT, type BenchContext, type Measurement } from '../lib/benchmark.ts';
import { scriptedConversation } from './scenario.ts';

const SYSTEM = 'You are the operations assistant of a tea shop. Use the tools; be concise.';
const FULL = 'full history (every message resent)';

/** Runs the 30-turn conversation both ways and checks retrieval. */
export async function measureContextMemory(context: BenchContext): Promise<Measurement[]> {
  const counter = await o200kTokenCounter();
  const memory = dualTrackMemory({ counter });
  const store = memoryStore();
  const exchanges = scriptedConversation(30);
  const rows: Measurement[] = [];
  let fullTotal = 0;
  let dualTotal = 0;
  const perTurn: string[] = [];
  for (const [i, exchange] of exchanges.entries()) {
    const history = await store.load('c');
    const summaries = (await store.loadSummaries?.('c')) ?? [];
    let full = 0;
    let dual = 0;
    for (const current of [[exchange.user], [exchange.user, ...exchange.toolRound]]) {
      full += countMessageTokens(counter, [{ role: 'system', content: SYSTEM }, ...history, ...current]);
      const sent = memory.assemble(history, summaries, current);
      const system = sent.rollUp ? `${SYSTEM}\n\n${sent.rollUp}` : SYSTEM;
      dual += countMessageTokens(counter, [{ role: 'system', content: system }, ...sent.messages]);
    }
    fullTotal += full;
    dualTotal += dual;
    perTurn.push(`${i + 1}:${full}/${dual}`);
    if ((i + 1) % 10 === 0 || i === 0) {
      rows.push({ subject: AGENT_CHAT, metric: `input_tokens_turn_${i + 1}`, value: dual, unit: 'tokens' });
      rows.push({ subject: FULL, metric: `input_tokens_turn_${i + 1}`, value: full, unit: 'tokens' });
    }
    const turn = [exchange.user, ...exchange.toolRound, exchange.answer];
    await store.append('c', turn, await memory.summarizeTurn(turn));
  }
  context.log(`turn:full/dual ${perTurn.join(' ')}`);
  const last = rows.filter((r) => r.metric === 'input_tokens_turn_30');
  const reduction = 1 - (last[0]?.value ?? 0) / (last[1]?.value ?? 1);
  rows.push({ subject: AGENT_CHAT, metric: 'input_tokens_30_turns_total', value: dualTotal, unit: 'tokens' });
  rows.push({ subject: FULL, metric: 'input_tokens_30_turns_total', value: fullTotal, unit: 'tokens' });
  rows.push({
    subject: AGENT_CHAT,
    metric: 'fewer_tokens_turn_30',
    value: Math.round(reduction * 1000) / 10,
    unit: '%',
  });
  context.log(`turn 30: ${(reduction * 100).toFixed(1)}% fewer tokens (goal ≥ 60%)`);
  if (reduction < 0.6)
    context.fail(`dual-track memory saved ${(reduction * 100).toFixed(1)}% at turn 30, goal ≥ 60%`);

  // Every full entry stays retrievable by id, verbatim.
  const history = await store.load('c');
  const tool = retrieveFullContextTool(() => history);
  const ids = entryIds(history);
  let checked = 0;
  for (const [seq, id] of ids.entries()) {
    const message = history[seq] as Message;
    if (!id || (message.role === 'assistant' && message.toolCalls?.length)) continue;
    const text = String(
      await tool.execute({ id }, { signal: AbortSignal.timeout(1000), toolCallId: 'x', runId: 'bench' }),
    );
    if (!text.endsWith(`\n${message.content}`))
      context.fail(`retrieve_full_context("${id}") did not return the full entry`);
    checked++;
  }
  rows.push({ subject: AGENT_CHAT, metric: 'entries_retrievable_by_id', value: checked, unit: 'entries' });
  context.log(`${checked} full entries retrieved verbatim by id`);
  return rows;
}
