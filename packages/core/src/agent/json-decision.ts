import type { Message } from '../model/messages.js';
import type { ModelTurn } from './model-turn.js';
import { callModelWithRetry } from './recovery/interrupted-retry.js';
import type { RunContext, RunSettings } from './run-settings.js';
import { structured } from './structured-output.js';
import { StructuredOutputError } from './structured-output-error.js';
import {
  decisionInstructions,
  decisionToTurn,
  type SupervisorDecision,
  SupervisorDecisionSchema,
  toJsonModeMessages,
} from './supervisor-decision.js';

/** A JSON-mode turn: what the decision amounts to, and the decision's own reasoning. */
export interface JsonTurn extends ModelTurn {
  reason: string;
}

/**
 * One supervisor turn for a model without native tool calling: asks for a `SupervisorDecision` JSON
 * object (with error-feedback retries), then turns it into text or a tool call. When no valid decision
 * comes after the retries, the supervisor asks the user to rephrase (CLARIFY as the last resort).
 */
export async function decideWithJson(
  settings: RunSettings,
  run: RunContext,
  conversation: readonly Message[],
  turn: number,
): Promise<JsonTurn> {
  const system = [
    settings.systemPrompt,
    decisionInstructions([...settings.tools.values()], {
      workflows: settings.workflows,
      clarify: settings.clarify,
    }),
  ]
    .filter(Boolean)
    .join('\n\n');
  let decision: SupervisorDecision;
  try {
    decision = await structured({
      model: run.model,
      name: 'supervisor_decision',
      schema: SupervisorDecisionSchema,
      signal: run.signal,
      messages: [{ role: 'system', content: system }, ...toJsonModeMessages(conversation)],
      // A plain tool call written instead of a decision is read as the call_tool decision (its parser is a
      // chunk of its own, shared with the text tool-call filter of the model adapters).
      call: async (request) => {
        const { text } = await callModelWithRetry(run, request, turn, {
          streamText: false,
          purpose: 'decision',
        });
        return (await import('./recovery/text-call-decision.js')).asDecision(text);
      },
      onRetry: (attempt) => run.log('error', { code: 'structured_output_retry', ...attempt }),
    });
  } catch (error) {
    if (!(error instanceof StructuredOutputError)) throw error;
    run.log('error', { code: error.code, message: error.message, attempts: error.attempts });
    decision = {
      action: 'clarify',
      reasoning: `no valid decision after ${error.attempts.length} attempts (${error.attempts.at(-1)?.error ?? ''})`,
      question: 'I could not work out how to help with that. Could you rephrase your request?',
    };
  }
  const made = decisionToTurn(decision, `json_${turn}`);
  if (made.text) run.emit({ type: 'response.chunk', turn, text: made.text });
  return { ...made, reason: decision.reasoning };
}

export { toJsonModeMessages } from './supervisor-decision.js';
