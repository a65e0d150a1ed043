import { join } from 'node:path';
import type { BenchContext, Benchmark, Measurement } from '../lib/benchmark.ts';
import { importBundled } from '../lib/import-bundled.ts';

export const benchmark: Benchmark = {
  description:
    'A scripted 30-turn conversation through the real agent loop (createAgent + a scripted model that reads its request; ' +
    'each turn: a question, 1–3 tool calls with outputs captured from MCP server-everything, seeded tabular JSON and ' +
    '300-line logs, and a 120–260 word answer). 9 of the 30 questions ask for an exact line of a tool result 6–9 turns ' +
    'back: when it is not in the request (only its summary was sent) the model calls retrieve_full_context with the ' +
    'entry id it finds there, then answers, as a real model must. Input tokens per turn (every model call of the turn, ' +
    'retrievals included; messages + tool definitions, o200k_base) with `memory: true` (default options, extractive ' +
    'summaries: no summarizer model) vs memory off, which resends the full history cut oldest-first to the same 128k window ' +
    'a real app has (the scripted model notes each detail question the cut left without its detail); the goal is judged on ' +
    'the 30-turn total (`fewer_tokens_30_turns_total`), turn 30 is shown beside it; `fewer_tokens_turn_30_without_retrievals` ' +
    'is the same conversation with a model that never retrieves. Afterwards every full entry is retrieved by id and ' +
    'compared byte for byte.',
  method:
    'Deterministic token counts (no timing): the three arms (memory with retrievals, memory with a model that never ' +
    'retrieves, memory off) play the same 30 questions with the same tool outputs (serialized once, TOON where it wins, ' +
    'so the arms differ only by memory), counted with gpt-tokenizer o200k_base as a provider would (3 tokens per message ' +
    'and per request, tool specs as JSON). Which questions need a retrieval is decided by the model from its request ' +
    '(is the quoted line there?), not hard-coded; the run fails if a retrieval does not bring the line back or if the ' +
    'stored history with memory on differs from the memory-off one (retrievals aside).',
  async run(context) {
    const { measureContextMemory } = await importBundled<{
      measureContextMemory(context: BenchContext): Promise<Measurement[]>;
    }>(join(import.meta.dirname, 'measure.ts'));
    return measureContextMemory(context);
  },
};
