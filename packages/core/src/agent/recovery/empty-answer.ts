/**
 * The note added to the next request after the model answered with nothing at all (no text, no tool
 * call): small models sometimes do, and one more request usually succeeds. Sent once per run; loaded only
 * when a model answers empty.
 */
export const EMPTY_ANSWER_NUDGE =
  'Your previous reply was empty. Reply to the user now: answer their last message, or call one of the tools.';
