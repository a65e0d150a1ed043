import type { TranscriptItem } from '../transcript-items.js';

/** Error codes after which a partial answer is shown as cut off rather than as finished. */
const INTERRUPTIONS = new Set(['stream_interrupted', 'model_timeout']);

/**
 * `response.reset`: the model call of `turn` is being made again, so the text and thinking it streamed go;
 * the retry's chunks take their place (a partial answer is replaced, never appended to or left standing).
 */
export function resetTurn(
  items: readonly TranscriptItem[],
  runId: string,
  turn: number,
): readonly TranscriptItem[] {
  const kept = items.filter(
    (item) =>
      !(
        (item.kind === 'assistant' || item.kind === 'reasoning') &&
        item.runId === runId &&
        item.turn === turn
      ),
  );
  return kept.length === items.length ? items : kept;
}

/**
 * An `error` that cut the answer off (a stream cut again after its retry, a stall mid-answer): the partial
 * text of the run stays, marked as interrupted, so it never reads as a whole answer; Regenerate retries.
 */
export function markInterrupted(
  items: readonly TranscriptItem[],
  runId: string,
  code: string,
): readonly TranscriptItem[] {
  if (!INTERRUPTIONS.has(code)) return items;
  const last = items.at(-1);
  if (last?.kind !== 'assistant' || last.runId !== runId || last.text.trim() === '') return items;
  return items.with(-1, { ...last, interrupted: true });
}
