import type { ConversationSummary, Message } from '@agent-chat/core';

/** The branches at one user turn of the conversation shown: how many, which one is shown. */
export interface TurnBranches {
  /** 0-based position of the shown branch. */
  index: number;
  /** The conversation to open for each branch (its most recently used member). */
  ids: string[];
}

/** Where each user turn starts in `messages`. */
function turnStarts(messages: readonly Message[]): number[] {
  return messages.flatMap((m, i) => (m.role === 'user' ? [i] : []));
}

/**
 * The branches of each user turn of `current` among the conversations of its family: members that share
 * everything before the turn are branches of it when the turn itself differs (another question, or another
 * answer to it). Branches are ordered by creation; a turn with one branch has no entry.
 */
export function branchesByTurn(
  current: string,
  members: ReadonlyArray<{ summary: ConversationSummary; messages: readonly Message[] }>,
): Map<number, TurnBranches> {
  const shown = members.find((m) => m.summary.id === current);
  const result = new Map<number, TurnBranches>();
  if (!shown) return result;
  const starts = turnStarts(shown.messages);
  const key = (messages: readonly Message[]) => JSON.stringify(messages);
  for (const [turn, start] of starts.entries()) {
    const prefix = key(shown.messages.slice(0, start));
    const groups = new Map<string, Array<(typeof members)[number]>>();
    for (const member of members) {
      const s = turnStarts(member.messages);
      if (s[turn] !== start || key(member.messages.slice(0, start)) !== prefix) continue;
      const variant = key(member.messages.slice(start, s[turn + 1] ?? member.messages.length));
      groups.set(variant, [...(groups.get(variant) ?? []), member]);
    }
    if (groups.size < 2) continue;
    const ordered = [...groups.values()].sort(
      (a, b) =>
        Math.min(...a.map((m) => m.summary.createdAt)) - Math.min(...b.map((m) => m.summary.createdAt)),
    );
    result.set(turn, {
      index: ordered.findIndex((g) => g.some((m) => m.summary.id === current)),
      ids: ordered.map(
        (g) =>
          (
            g.find((m) => m.summary.id === current) ??
            [...g].sort((a, b) => b.summary.updatedAt - a.summary.updatedAt)[0]!
          ).summary.id,
      ),
    });
  }
  return result;
}
