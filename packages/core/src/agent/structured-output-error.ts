import { AgentChatError } from '../errors.js';

/** One failed attempt of a structured (JSON) model call. */
export interface StructuredAttempt {
  /** What the model returned. */
  output: string;
  /** Why it was refused: a JSON parse error or the schema's validation issues. */
  error: string;
}

/** A model did not return valid structured output within the allowed attempts; holds every attempt. */
export class StructuredOutputError extends AgentChatError {
  readonly attempts: StructuredAttempt[];

  constructor(attempts: StructuredAttempt[], cause?: unknown) {
    super(
      'structured_output_failed',
      `The model did not return valid JSON for the expected schema after ${attempts.length} attempts; last error: ${attempts.at(-1)?.error ?? 'none'}. Try a more capable model.`,
      { cause },
    );
    this.attempts = attempts;
  }
}
