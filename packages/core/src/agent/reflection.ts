import type { Message } from '../model/messages.js';
import { callModel } from './model-turn.js';
import { type Reflection, ReflectionSchema } from './reflection-schema.js';
import type { RunContext } from './run-settings.js';
import { structured } from './structured-output.js';
import { StructuredOutputError } from './structured-output-error.js';
import { toJsonModeMessages } from './supervisor-decision.js';

export { type Reflection, ReflectionSchema } from './reflection-schema.js';

const INSTRUCTIONS =
  "You review an assistant's progress on the user's latest request. Rate the tool results so far: " +
  '"satisfied" = they are enough to answer; "need_more" = more tool calls would help; ' +
  '"blocked" = the request cannot be completed with the available tools (say why).';

/**
 * Layer 3 of error handling: after tool results, a structured call rates the progress. A reflection
 * that cannot be parsed counts as `need_more`, so the supervisor simply goes on.
 */
export async function reflect(
  run: RunContext,
  conversation: readonly Message[],
  iteration: number,
): Promise<Reflection> {
  try {
    return await structured({
      model: run.model,
      name: 'reflection',
      schema: ReflectionSchema,
      signal: run.signal,
      messages: [{ role: 'system', content: INSTRUCTIONS }, ...toJsonModeMessages(conversation)],
      call: async (request) =>
        (await callModel(run, request, iteration, { streamText: false, purpose: 'reflection' })).text,
    });
  } catch (error) {
    if (!(error instanceof StructuredOutputError)) throw error;
    run.log('error', { code: error.code, message: error.message, attempts: error.attempts });
    return { verdict: 'need_more', reason: 'the reflection could not be read; going on.' };
  }
}

/** The note added to the next model call after a verdict that ends tool use. */
export function answerNote(reflection: Reflection): string {
  return reflection.verdict === 'blocked'
    ? `You cannot complete the request: ${reflection.reason} Answer now with what you found, and say plainly what is missing.`
    : 'You have enough information. Answer the user now without calling tools.';
}
