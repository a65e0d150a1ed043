import type { TranscriptItem } from './transcript-items.js';

/**
 * `response.reset`: the model call of `turn` is being made again, so the text and thinking it streamed go;
 * the retry's chunks take their place (a partial answer is replaced, never appended to or left standing).
 */
export function resetTurn(items: readonly TranscriptItem[], runId: string, turn: number): TranscriptItem[] {
  return items.filter(
    (item) =>
      !(
        (item.kind === 'assistant' || item.kind === 'reasoning') &&
        item.runId === runId &&
        item.turn === turn
      ),
  );
}

/**
 * An `error` that cut the answer off (a stream cut again after its retry, a stall mid-answer): the partial
 * text stays, marked as interrupted, so it never reads as a whole answer; Regenerate retries.
 */
export function markInterrupted(
  items: readonly TranscriptItem[],
  runId: string,
  code: string,
): readonly TranscriptItem[] {
  const last = items.at(-1);
  return (code === 'stream_interrupted' || code === 'model_timeout') &&
    last?.kind === 'assistant' &&
    last.runId === runId &&
    last.text.trim()
    ? items.with(-1, { ...last, interrupted: true })
    : items;
}
