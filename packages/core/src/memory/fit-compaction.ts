// The compaction steps that change the current run's messages (pruning scored retrieval chunks, distilling
// long tool outputs): loaded by fit-context.ts only when a request does not fit, so a first short chat never
// downloads them.
import { pruneScoredChunks } from '../context/prune-scored-chunks.js';
import type { TokenCounter } from '../context/token-counter.js';
import type { ChatModel } from '../model/chat-model.js';
import type { Message } from '../model/messages.js';
import { entryIds, queryCount } from './entry-ids.js';

/** Prunes scored chunk lists in the current tool results, halving until `excess` tokens are saved. */
export function pruneCurrent(
  current: Message[],
  counter: TokenCounter,
  excess: number,
): Message[] | undefined {
  let saved = 0;
  let changed = false;
  const out = current.map((message) => {
    if (message.role !== 'tool' || saved >= excess) return message;
    let content = message.content;
    for (let keep = 8; keep >= 1; keep = Math.floor(keep / 2)) {
      const pruned = pruneScoredChunks(message.content, keep);
      if (!pruned) break;
      content = pruned;
      if (saved + counter.count(message.content) - counter.count(pruned) >= excess) break;
    }
    if (content === message.content) return message;
    changed = true;
    saved += counter.count(message.content) - counter.count(content);
    return { ...message, content };
  });
  return changed ? out : undefined;
}

/** What distilling needs of the fit's input. */
export interface DistillInput {
  history: readonly Message[];
  counter: TokenCounter;
  /** Tool outputs longer than this (tokens) are distilled. */
  summarizeAbove: number;
  summarizer?: ChatModel | undefined;
  signal?: AbortSignal | undefined;
}

/** Summaries of the current run's long tool outputs, by index; the full text stays retrievable by id. */
export async function distillCurrent(input: DistillInput, current: Message[]): Promise<Map<number, string>> {
  const threshold = input.summarizeAbove;
  const ids = entryIds(current, queryCount(input.history) + 1);
  const jobs = current.map(async (message, index): Promise<[number, string] | undefined> => {
    if (message.role !== 'tool' || input.counter.count(message.content) <= threshold || !ids[index])
      return undefined;
    const kind =
      /\b(ERROR|WARN|INFO)\b/.test(message.content) && message.content.split('\n').length > 20
        ? 'log'
        : 'tool-result';
    const { summarize } = await import('./summarize.js');
    const summary = await summarize(message.content, kind, input.summarizer, input.signal);
    return [index, summary.text];
  });
  return new Map((await Promise.all(jobs)).filter((e): e is [number, string] => e !== undefined));
}
