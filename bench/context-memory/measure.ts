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
  RETRIEVE_FULL_CONTEXT,
  retrieveFullContextTool,
  serializeToolOutput,
  type TokenCounter,
} from '@agent-chat/core';
import type { MockModel } from '@agent-chat/core/test';
import { AGENT_CHAT, type BenchContext, type Measurement } from '../lib/benchmark.ts';
import { FULL_HISTORY } from '../lib/goals.ts';
import { type DetailTurnPlan, withDetailQuestions } from './detail-questions.ts';
import { readingModel } from './reading-model.ts';
import { type ScriptedTurnPlan, scriptedConversation } from './scenario.ts';
import { CONTEXT_WINDOW, OUTPUT_RESERVE, slidingWindow } from './sliding-window.ts';

const SYSTEM = 'You are the operations assistant of a tea shop. Use the tools; be concise.';

/** Tool results exactly as sent: serialized once (TOON where it wins), the same for every arm. */
function sentOutputs(plan: readonly ScriptedTurnPlan[], counter: TokenCounter): Map<string, string> {
  return new Map(
    plan.flatMap((turn) =>
      turn.calls.map((c) => [c.id, serializeToolOutput(c.value, counter).text] as const),
    ),
  );
}

/** An agent playing the conversation with the reading model. */
function scriptedAgent(
  plan: readonly DetailTurnPlan[],
  outputs: ReadonlyMap<string, string>,
  memory: boolean,
  retrieve: boolean,
  counter: TokenCounter,
) {
  // Memory off: no retrievals to make; the window cuts the history oldest-first and the model answers
  // with what is left, noting each detail question whose detail was cut.
  const lost: number[] = [];
  const model = readingModel(plan, memory && retrieve, memory ? undefined : (turn) => lost.push(turn));
  const windowed = memory ? undefined : slidingWindow(model, counter);
  // Tools return text already serialized, so every arm sends identical tool output and the difference
  // measured is the memory's alone; TOON's own saving is in the toon-serialization bench.
  const tools = [...new Set(plan.flatMap((turn) => turn.calls.map((c) => c.name)))].map((name) =>
    defineTool({
      name,
      description: `Scripted ${name}.`,
      parameters: { type: 'object', additionalProperties: true },
      execute: (_args, { toolCallId }) => outputs.get(toolCallId),
    }),
  );
  const agent = createAgent({
    model: windowed ?? model,
    tools,
    store: memoryStore(),
    systemPrompt: SYSTEM,
    memory,
  });
  return { agent, model, lost, truncations: windowed?.truncations ?? [] };
}

/** Input tokens of one request as a provider counts them: messages plus tool definitions. */
function requestTokens(counter: TokenCounter, request: { messages: Message[]; tools?: unknown[] }): number {
  return (
    countMessageTokens(counter, request.messages) +
    (request.tools ? counter.count(JSON.stringify(request.tools)) : 0)
  );
}

/** Input tokens per turn: every model call of the turn, retrievals and the calls after them included. */
function tokensPerTurn(counter: TokenCounter, model: MockModel, turns: number): number[] {
  const perTurn = new Array<number>(turns).fill(0);
  for (const request of model.requests) {
    const question = request.messages.findLast((m) => m.role === 'user')?.content ?? '';
    const turn = Number(/\(turn (\d+)\)$/.exec(question)?.[1]);
    perTurn[turn - 1]! += requestTokens(counter, request);
  }
  return perTurn;
}

async function play(agent: Agent, plan: readonly ScriptedTurnPlan[]) {
  for (const turn of plan) {
    for await (const event of agent.run({ conversationId: 'bench', message: turn.question }))
      if (event.type === 'run.finish' && event.status !== 'completed')
        throw new Error(`run ended ${event.status}: ${event.message}`);
  }
}

const isRetrieval = (m: Message) =>
  (m.role === 'tool' && m.toolName === RETRIEVE_FULL_CONTEXT) ||
  (m.role === 'assistant' &&
    !!m.toolCalls?.length &&
    m.toolCalls.every((c) => c.name === RETRIEVE_FULL_CONTEXT));

/** Runs the 30-turn conversation through the real agent loop: memory with and without retrievals, and off. */
export async function measureContextMemory(context: BenchContext): Promise<Measurement[]> {
  const counter = await o200kTokenCounter();
  const base = scriptedConversation(30);
  const outputs = sentOutputs(base, counter);
  const plan = withDetailQuestions(base, (id) => outputs.get(id)!);
  const arms = {
    retrieving: scriptedAgent(plan, outputs, true, true, counter),
    blind: scriptedAgent(plan, outputs, true, false, counter),
    full: scriptedAgent(plan, outputs, false, true, counter),
  };
  for (const arm of Object.values(arms)) await play(arm.agent, plan);
  const tokens = {
    retrieving: tokensPerTurn(counter, arms.retrieving.model, plan.length),
    blind: tokensPerTurn(counter, arms.blind.model, plan.length),
    full: tokensPerTurn(counter, arms.full.model, plan.length),
  };
  context.log(
    `turn: full/memory/memory without retrievals ${tokens.full.map((f, i) => `${i + 1}:${f}/${tokens.retrieving[i]}/${tokens.blind[i]}`).join(' ')}`,
  );

  const history = await arms.retrieving.agent.store.load('bench');
  const fullHistory = await arms.full.agent.store.load('bench');
  const retrievals = history.filter((m) => m.role === 'tool' && m.toolName === RETRIEVE_FULL_CONTEXT);
  const retrievalTurns = plan.filter(
    (t, i) =>
      t.detail &&
      arms.retrieving.model.requests.some((r) =>
        r.messages.some(
          (m) =>
            m.role === 'tool' && m.toolName === RETRIEVE_FULL_CONTEXT && m.toolCallId === `retrieve_${i + 1}`,
        ),
      ),
  ).length;
  const detailTurns = plan.filter((t) => t.detail).length;
  const extraCalls = arms.retrieving.model.requests.length - arms.blind.model.requests.length;
  context.note(
    `${detailTurns} of ${plan.length} questions need an exact detail of an earlier tool result; with memory on, the ` +
      `scripted model found it missing (only a summary was sent) and called retrieve_full_context in ${retrievals.length} ` +
      `turns (${extraCalls} extra model calls, each resending the context); in the other ${detailTurns - retrievals.length} ` +
      'the detail was still in the request (a recent exchange, or the same output repeated by a later turn). With memory ' +
      'off every detail is in the full history and no retrieval happens.',
  );

  const { truncations, lost } = arms.full;
  const largest = Math.max(...arms.full.model.requests.map((r) => requestTokens(counter, r)));
  const cuts = truncations.length
    ? `${truncations.length} of ${arms.full.model.requests.length} requests were cut (up to ` +
      `${Math.max(...truncations.map((t) => t.dropped))} messages dropped)`
    : `no request reached it (the largest sent was ${largest} tokens), so none was cut`;
  context.note(
    `Memory off gets a ${CONTEXT_WINDOW / 1000}k window (${OUTPUT_RESERVE} tokens kept for the answer) and cuts the ` +
      `history oldest-first to fit: ${cuts}; ${lost.length} of ${detailTurns} detail ` +
      `questions were answered without their detail, cut from the window${lost.length ? ` (turns ${lost.join(', ')})` : ''}. ` +
      'With memory on, every detail question was answered with its detail (retrieved when only its summary was sent).',
  );
  const rows: Measurement[] = [];
  const both = (metric: string, ours: number, full: number, unit = 'tokens') =>
    rows.push(
      { subject: AGENT_CHAT, metric, value: ours, unit },
      { subject: FULL_HISTORY, metric, value: full, unit },
    );
  for (const turn of [1, 10, 20, 30])
    both(`input_tokens_turn_${turn}`, tokens.retrieving[turn - 1]!, tokens.full[turn - 1]!);
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  both('input_tokens_30_turns_total', sum(tokens.retrieving), sum(tokens.full));
  const percent = (ours: number, full: number) => Math.round((1 - ours / full) * 1000) / 10;
  const withRetrievals = percent(tokens.retrieving[29]!, tokens.full[29]!);
  const without = percent(tokens.blind[29]!, tokens.full[29]!);
  rows.push(
    { subject: AGENT_CHAT, metric: 'fewer_tokens_turn_30', value: withRetrievals, unit: '%' },
    { subject: AGENT_CHAT, metric: 'fewer_tokens_turn_30_without_retrievals', value: without, unit: '%' },
    {
      subject: AGENT_CHAT,
      metric: 'fewer_tokens_30_turns_total',
      value: percent(sum(tokens.retrieving), sum(tokens.full)),
      unit: '%',
    },
    { subject: AGENT_CHAT, metric: 'retrievals', value: retrievals.length, unit: 'calls' },
    { subject: AGENT_CHAT, metric: 'detail_questions', value: detailTurns, unit: 'turns' },
    { subject: FULL_HISTORY, metric: 'requests_cut_to_window', value: truncations.length, unit: 'requests' },
    {
      subject: FULL_HISTORY,
      metric: 'detail_questions_answered_without_detail',
      value: lost.length,
      unit: 'turns',
    },
  );
  context.log(
    `turn 30: ${withRetrievals}% fewer input tokens with retrievals, ${without}% without (goal ≥ 60% with); ` +
      `${retrievals.length} retrievals in ${retrievalTurns} turns`,
  );
  const drift = arms.retrieving.agent.efficiency.records.filter((r) => r.drift).length;
  context.log(
    `efficiency log: ${arms.retrieving.agent.efficiency.records.length} calls, ${drift} flagged for drift`,
  );

  // The stored full track is the memory-off history plus the retrieval calls, and every full entry stays
  // retrievable by id, verbatim.
  if (JSON.stringify(history.filter((m) => !isRetrieval(m))) !== JSON.stringify(fullHistory))
    context.fail('the full track with memory on differs from the history with memory off (retrievals aside)');
  if (JSON.stringify(await arms.blind.agent.store.load('bench')) !== JSON.stringify(fullHistory))
    context.fail('the full track without retrievals differs from the history with memory off');
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
