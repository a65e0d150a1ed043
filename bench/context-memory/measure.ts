// Bundled by index.ts (see bench/lib/import-bundled.ts) so @agent-chat/core runs from source.
import {
  type Agent,
  countMessageTokens,
  createAgent,
  defineTool,
  entryIds,
  type Message,
  memoryStore,
  o200kTokenCounter,
  retrieveFullContextTool,
  serializeToolOutput,
  type TokenCounter,
} from '@agent-chat/core';
import { mockModel } from '@agent-chat/core/test';
import { AGENT_CHAT, type BenchContext, type Measurement } from '../lib/benchmark.ts';
import { type ScriptedTurnPlan, scriptedConversation } from './scenario.ts';

const SYSTEM = 'You are the operations assistant of a tea shop. Use the tools; be concise.';
const FULL = 'full history (memory off: every message resent)';

/** An agent whose scripted model plays the conversation: per turn, tool calls, then the answer. */
function scriptedAgent(plan: ScriptedTurnPlan[], memory: boolean, counter: TokenCounter) {
  const turns = plan.flatMap((turn) => [
    { toolCalls: turn.calls.map((c) => ({ id: c.id, name: c.name, arguments: c.args })) },
    { text: turn.answer },
  ]);
  const model = mockModel(turns, { contextWindow: 400_000 });
  // Tools return text already serialized (TOON where it wins), so both arms send identical tool output and
  // the difference measured is the memory's alone; TOON's own saving is in the toon-serialization bench.
  const outputs = new Map(
    plan.flatMap((turn) =>
      turn.calls.map((c) => [c.id, serializeToolOutput(c.value, counter).text] as const),
    ),
  );
  const tools = [...new Set(plan.flatMap((turn) => turn.calls.map((c) => c.name)))].map((name) =>
    defineTool({
      name,
      description: `Scripted ${name}.`,
      parameters: { type: 'object', additionalProperties: true },
      execute: (_args, { toolCallId }) => outputs.get(toolCallId),
    }),
  );
  const agent = createAgent({ model, tools, store: memoryStore(), systemPrompt: SYSTEM, memory });
  return { agent, model };
}

/** Input tokens of one request as a provider counts them: messages plus tool definitions. */
function requestTokens(counter: TokenCounter, request: { messages: Message[]; tools?: unknown[] }): number {
  return (
    countMessageTokens(counter, request.messages) +
    (request.tools ? counter.count(JSON.stringify(request.tools)) : 0)
  );
}

async function play(agent: Agent, plan: ScriptedTurnPlan[]) {
  for (const turn of plan) {
    for await (const event of agent.run({ conversationId: 'bench', message: turn.question }))
      if (event.type === 'run.finish' && event.status !== 'completed')
        throw new Error(`run ended ${event.status}: ${event.message}`);
  }
}

/** Runs the 30-turn conversation through the real agent loop with memory on and off; checks retrieval. */
export async function measureContextMemory(context: BenchContext): Promise<Measurement[]> {
  const counter = await o200kTokenCounter();
  const plan = scriptedConversation(30);
  const dual = scriptedAgent(plan, true, counter);
  const full = scriptedAgent(plan, false, counter);
  await play(dual.agent, plan);
  await play(full.agent, plan);
  const perTurn = (requests: typeof dual.model.requests) =>
    plan.map(
      (_, i) => requestTokens(counter, requests[2 * i]!) + requestTokens(counter, requests[2 * i + 1]!),
    );
  const dualTurns = perTurn(dual.model.requests);
  const fullTurns = perTurn(full.model.requests);
  context.log(`turn: full/dual-track ${fullTurns.map((f, i) => `${i + 1}:${f}/${dualTurns[i]}`).join(' ')}`);

  const rows: Measurement[] = [];
  for (const turn of [1, 10, 20, 30]) {
    rows.push({
      subject: AGENT_CHAT,
      metric: `input_tokens_turn_${turn}`,
      value: dualTurns[turn - 1]!,
      unit: 'tokens',
    });
    rows.push({
      subject: FULL,
      metric: `input_tokens_turn_${turn}`,
      value: fullTurns[turn - 1]!,
      unit: 'tokens',
    });
  }
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  rows.push({
    subject: AGENT_CHAT,
    metric: 'input_tokens_30_turns_total',
    value: sum(dualTurns),
    unit: 'tokens',
  });
  rows.push({ subject: FULL, metric: 'input_tokens_30_turns_total', value: sum(fullTurns), unit: 'tokens' });
  const reduction = 1 - dualTurns[29]! / fullTurns[29]!;
  rows.push({
    subject: AGENT_CHAT,
    metric: 'fewer_tokens_turn_30',
    value: Math.round(reduction * 1000) / 10,
    unit: '%',
  });
  context.log(`turn 30: ${(reduction * 100).toFixed(1)}% fewer input tokens (goal ≥ 60%)`);
  if (reduction < 0.6) context.log('  misses the ≥ 60% goal');
  const drift = dual.agent.efficiency.records.filter((r) => r.drift).length;
  context.log(`efficiency log: ${dual.agent.efficiency.records.length} calls, ${drift} flagged for drift`);

  // Every full entry stays retrievable by id, verbatim, and the stored history equals the memory-off one.
  const history = await dual.agent.store.load('bench');
  if (JSON.stringify(history) !== JSON.stringify(await full.agent.store.load('bench')))
    context.fail('the full track with memory on differs from the history with memory off');
  const tool = retrieveFullContextTool(() => history);
  let checked = 0;
  for (const [seq, id] of entryIds(history).entries()) {
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
