/**
 * The note added to the next request after the model answered with nothing at all (no text, no tool
 * call): small models sometimes do, and one more request usually succeeds. Sent once per run.
 */
export const EMPTY_ANSWER_NUDGE =
  'Your previous reply was empty. Reply to the user now: answer their last message, or call one of the tools.';

/** Whether a model turn produced nothing a user or the loop could use. */
export function isEmptyTurn(turn: { text: string; toolCalls: readonly unknown[] }): boolean {
  return turn.toolCalls.length === 0 && turn.text.trim() === '';
}
