// Later questions that need one exact detail of an earlier tool result: a line deep in a log or a table,
// or a stretch of a one-line JSON result. Once that exchange has left the recent window the model sees
// only the result's summary, so a model that answers correctly must call retrieve_full_context first.
import type { ScriptedTurnPlan } from './scenario.ts';

/**
 * [turn that asks, turn whose first tool result holds the detail]: 12 of the 30 turns, on the seeded logs
 * and tables (outputs that differ every time; the captured MCP outputs repeat verbatim in later turns, so
 * their details would still be in the request). Nine ask 6–9 turns back, beyond the exchanges sent verbatim;
 * three ask 3–5 turns back, where the question and answer are still verbatim but the tool result is sent
 * as its summary (memory's `toolResultWindow`), so those too must be retrieved.
 */
export const DETAIL_QUESTIONS: ReadonlyArray<readonly [number, number]> = [
  [7, 1],
  [9, 6],
  [10, 4],
  [13, 6],
  [16, 7],
  [19, 12],
  [21, 16],
  [22, 13],
  [25, 18],
  [27, 24],
  [28, 19],
  [30, 24],
];

/** What a turn's question needs: the entry id holding it and the exact text the answer quotes. */
export interface NeededDetail {
  /** Entry id of the tool result, `q{turn}-t1` (ids follow message order). */
  id: string;
  text: string;
}

/** A turn of the plan with the detail its question needs, if any. */
export interface DetailTurnPlan extends ScriptedTurnPlan {
  detail?: NeededDetail;
}

/**
 * Adds the detail questions to `plan`: `sentText(callId)` is a tool result exactly as the model received
 * it. The question names where the detail is (a line number or character offset) but not the detail, and
 * the answer quotes it.
 */
export function withDetailQuestions(
  plan: readonly ScriptedTurnPlan[],
  sentText: (callId: string) => string,
): DetailTurnPlan[] {
  const out: DetailTurnPlan[] = plan.map((turn) => ({ ...turn }));
  for (const [turn, source] of DETAIL_QUESTIONS) {
    const asking = out[turn - 1];
    const call = plan[source - 1]?.calls[0];
    if (!asking || !call) throw new Error(`detail question ${turn} → ${source} is outside the plan`);
    const { where, text } = pickDetail(sentText(call.id));
    asking.detail = { id: `q${source}-t1`, text };
    asking.question = asking.question.replace(
      / \(turn \d+\)$/,
      ` Also quote ${where} of the ${call.name} result from turn ${source}. (turn ${turn})`,
    );
    asking.answer = `${asking.answer}\n\nFrom q${source}-t1, ${where}: ${text}`;
  }
  return out;
}

/** A distinctive piece 60% into the text: a whole line when it has lines, else 60 characters. */
function pickDetail(text: string): { where: string; text: string } {
  const lines = text.split('\n');
  if (lines.length >= 5) {
    for (let i = Math.floor(lines.length * 0.6); i < lines.length; i++)
      if (lines[i]!.trim().length >= 20) return { where: `line ${i + 1}`, text: lines[i]! };
  }
  const at = Math.floor(text.length * 0.6);
  return { where: `the 60 characters from character ${at}`, text: text.slice(at, at + 60) };
}
