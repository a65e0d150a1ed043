/** One scripted model answer, used by {@link mockModel} and by the scripted model server. */
export interface ScriptedTurn {
  /** Reasoning before the answer, in chunks of `chunkSize`: OpenAI wire `delta.reasoning_content`, Anthropic a `thinking` block. */
  reasoning?: string;
  /** Anthropic: the signature of the thinking block (default `sig_scripted`). */
  thinkingSignature?: string;
  /** Anthropic: a `redacted_thinking` block with this data, before any thinking. */
  redactedThinking?: string;
  /** Answer text; sent in chunks of `chunkSize` characters (default 8). */
  text?: string;
  /** Tool calls; their argument JSON is sent in fragments of `fragmentSize` characters (default 7). */
  toolCalls?: Array<{ id?: string; name: string; arguments: string | Record<string, unknown> }>;
  /** Token usage reported at the end. */
  usage?: { inputTokens: number; outputTokens: number };
  /** Provider finish reason; default `tool_calls` when there are tool calls, else `stop`. */
  finishReason?: string;
  chunkSize?: number;
  fragmentSize?: number;
  /** Milliseconds between stream chunks. */
  delayMs?: number;
  /** Send the response headers, then nothing for this long (a stalled upstream); default none. */
  stallMs?: number;
  /** Answer with an HTTP error instead of a stream. */
  error?: { status: number; body?: unknown; headers?: Record<string, string> };
  /** Cut the stream after this many SSE events (no finish, no [DONE]); {@link mockModel}: model events, then `StreamInterruptedError`. */
  cutAfterEvents?: number;
  /** Send tool calls without ids, as llama.cpp server and older vLLM do. */
  omitToolCallIds?: boolean;
  /** Answer with this body instead of a stream (an HTML login page, plain text…). */
  raw?: { status?: number; contentType: string; body: string };
  /**
   * Write the first of `toolCalls` as the answer's text instead of calling it, as small models do:
   * `json` `{"name","arguments"}`, `tool-args` `{"tool","args"}`, `fenced` a ```json block, `tag` `<tool_call>…</tool_call>`.
   */
  toolCallAsText?: 'json' | 'tool-args' | 'fenced' | 'tag';
}

/** The turn as played: a tool call the turn writes as text ({@link ScriptedTurn.toolCallAsText}) becomes its text. */
export function asPlayed(turn: ScriptedTurn): ScriptedTurn {
  const call = turn.toolCalls?.[0];
  if (!turn.toolCallAsText || !call) return turn;
  const args = typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments);
  const json = `{"name": ${JSON.stringify(call.name)}, "arguments": ${args}}`;
  const text = {
    json,
    'tool-args': `{"tool": ${JSON.stringify(call.name)}, "args": ${args}}`,
    fenced: `\`\`\`json\n${json}\n\`\`\``,
    tag: `<tool_call>\n${json}\n</tool_call>`,
  }[turn.toolCallAsText];
  const { toolCalls: _calls, toolCallAsText: _as, ...rest } = turn;
  return { ...rest, text };
}

/** Splits a string into pieces of at most `size` characters (code points are kept whole). */
export function pieces(text: string, size: number): string[] {
  const chars = [...text];
  const out: string[] = [];
  for (let i = 0; i < chars.length; i += size) out.push(chars.slice(i, i + size).join(''));
  return out;
}

/** The argument JSON text of a scripted tool call. */
export function argumentsText(args: string | Record<string, unknown>): string {
  return typeof args === 'string' ? args : JSON.stringify(args);
}
