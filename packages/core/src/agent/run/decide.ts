import type { SupervisorAction } from '../../events.js';
import type { ToolCall } from '../../model/messages.js';
import { ASK_USER, PLAN_WORKFLOW } from '../builtin-names.js';
import { turnRequest } from '../model-turn.js';
import { callModelWithRetry } from '../recovery/interrupted-retry.js';
import type { RunContext } from '../run-settings.js';
import type { Decision, RunLoop, TurnInput } from './run-types.js';

/**
 * Step 5b: the supervisor's decision for one turn: a JSON decision for a model without tool calling (with
 * no tools to offer there is nothing to decide, so even then the model just answers), otherwise one
 * streamed model call with the turn's tools (none after a reflection verdict). Announced as
 * `supervisor.decided` with the action and a short reason.
 */
export async function decide(
  loop: RunLoop,
  run: RunContext,
  input: TurnInput,
  turn: number,
  note: string | undefined,
): Promise<Decision> {
  const { json } = loop;
  const { answerOnly, conversation, systemPrompt } = input;
  const decision: Decision =
    json && !answerOnly && input.specs.length > 0
      ? await json.decideWithJson({ ...input.settings, systemPrompt }, run, conversation, turn)
      : await callModelWithRetry(
          run,
          // A model without tool calling reads tool traffic as plain messages.
          turnRequest(
            systemPrompt,
            json ? json.toJsonModeMessages(conversation) : conversation,
            answerOnly ? [] : input.specs,
            note,
          ),
          turn,
          { streamText: true, purpose: answerOnly ? 'answer' : 'decision' },
        );
  const { mode } = loop.settings;
  const action = actionOf(decision.toolCalls);
  const reason = decision.reason ?? describe(action, decision.text, decision.toolCalls);
  run.emit({ type: 'supervisor.decided', iteration: turn, action, reason, mode });
  if (run.logging)
    run.log('decision', { turn, action, reason, mode, toolCalls: decision.toolCalls.map((c) => c.name) });
  return decision;
}

/** An answer with no text and no tool call: asked again once (see `nudgeAfterEmptyAnswer`). */
export function isEmpty(decision: Decision): boolean {
  return decision.toolCalls.length === 0 && !decision.text.trim();
}

/**
 * The empty answer's nudge for the next call (recovery/empty-answer.ts). What the empty call streamed (a
 * reasoning model's thinking) gives way to the retry's: `response.reset`.
 */
export async function nudgeAfterEmptyAnswer(run: RunContext, turn: number): Promise<string> {
  const nudge = (await import('../recovery/empty-answer.js')).EMPTY_ANSWER_NUDGE;
  const message = 'The model gave no answer; asking it again.';
  run.emit({ type: 'response.reset', turn, code: 'empty_answer', message });
  run.log('model.retry', { turn, code: 'empty_answer', message });
  return nudge;
}

function actionOf(calls: readonly ToolCall[]): SupervisorAction {
  if (calls.length === 0) return 'answer';
  if (calls.some((c) => c.name === ASK_USER)) return 'clarify';
  if (calls.some((c) => c.name === PLAN_WORKFLOW)) return 'workflow';
  return 'call_tool';
}

/** A short reason for a natively chosen action: the model's own words when it gave some. */
function describe(action: SupervisorAction, text: string, calls: readonly ToolCall[]): string {
  // An answer's reason says only whether there was one: its text (maybe long) is not rewritten.
  if (action === 'answer') return text.trim() ? 'answered directly' : 'answered with an empty reply';
  const said = text.trim().replace(/\s+/g, ' ');
  const short = said.length > 120 ? `${said.slice(0, 117)}…` : said;
  const names = [...new Set(calls.map((c) => c.name))].join(', ');
  const what =
    action === 'call_tool' ? `calls ${names}` : action === 'workflow' ? 'plans a workflow' : 'asks the user';
  return short ? `${what}: ${short}` : what;
}
