import type { Message } from '../model/messages.js';

/**
 * The extractive conversation summary of rolled-up exchanges (003_… §4 history compaction): one line
 * per exchange with its ids, the question and the (summarised) answer, so the model knows what was
 * discussed and which ids to retrieve. `textOf(seq)` gives the summary of an entry, or its text.
 */
export function rollUpText(
  messages: readonly Message[],
  ids: readonly (string | undefined)[],
  textOf: (seq: number) => string | undefined,
): string {
  const lines: string[] = [];
  let line: { query: string; question: string; tools: string[]; answer: string } | undefined;
  const flush = () => {
    if (!line) return;
    const tools = line.tools.length ? ` [tools: ${line.tools.join(', ')}]` : '';
    lines.push(
      `- ${line.query}: "${clip(line.question, 140)}"${tools} → ${clip(line.answer || '(no answer)', 220)}`,
    );
  };
  messages.forEach((message, seq) => {
    const id = ids[seq];
    if (message.role === 'user') {
      flush();
      line = { query: id ?? '?', question: oneLine(message.content), tools: [], answer: '' };
    } else if (line && message.role === 'tool') {
      line.tools.push(`${id} ${message.toolName}`);
    } else if (line && message.role === 'assistant' && !message.toolCalls?.length) {
      line.answer = `[${id}] ${oneLine(stripMarker(textOf(seq) ?? message.content))}`;
    }
  });
  flush();
  const first = ids.find((id) => id?.match(/^q\d+$/));
  const last = ids.findLast((id) => id?.match(/^q\d+$/));
  return (
    `[ID:history-sum ref:${first}…${last}] Summary of the earlier conversation (extractive; call ` +
    `retrieve_full_context with an id such as ${last}-r for the full text):\n${lines.join('\n')}`
  );
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function stripMarker(text: string): string {
  return text.replace(/^\(extractive summary of \d+ chars\) /, '');
}

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
