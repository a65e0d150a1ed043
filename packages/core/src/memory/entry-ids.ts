import type { Message } from '../model/messages.js';

/**
 * Entry ids of the dual-track memory (see ARCHITECTURE.md, "Memory"), derived from message order so every store and
 * every tab computes the same ids: `q{N}` is the N-th user message, `q{N}-t{M}` the M-th tool result
 * of that query, `q{N}-c{K}` the K-th tool-calling assistant message and `q{N}-r` the final response.
 * Summaries add `-sum` and point back with `ref`. System messages get no id (they are never stored).
 */
export function entryIds(messages: readonly Message[], firstQuery = 1): (string | undefined)[] {
  let query = firstQuery - 1;
  let tool = 0;
  let call = 0;
  let responses = 0;
  return messages.map((message) => {
    switch (message.role) {
      case 'user':
        query++;
        tool = 0;
        call = 0;
        responses = 0;
        return `q${query}`;
      case 'tool':
        return `q${query}-t${++tool}`;
      case 'assistant':
        if (message.toolCalls?.length) return `q${query}-c${++call}`;
        return ++responses === 1 ? `q${query}-r` : `q${query}-r${responses}`;
      default:
        return undefined;
    }
  });
}

/** The number of queries (user messages) in a history. */
export function queryCount(messages: readonly Message[]): number {
  let count = 0;
  for (const message of messages) if (message.role === 'user') count++;
  return count;
}

/** The id of the full entry a summary id points to (`q1-r-sum` → `q1-r`); other ids unchanged. */
export function refOf(id: string): string {
  return id.endsWith('-sum') ? id.slice(0, -'-sum'.length) : id;
}

/** The `[ID:…]` prefix the model sees before an entry. */
export function idPrefix(id: string, summarized: boolean): string {
  return summarized ? `[ID:${id}-sum ref:${id}]` : `[ID:${id}]`;
}
