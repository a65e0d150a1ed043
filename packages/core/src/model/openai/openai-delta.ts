import type { ModelEvent } from '../chat-model.js';
import type { InlineThinkSplitter } from '../inline-think.js';

/** The text-bearing fields of a Chat Completions delta, in every dialect we have seen on the wire. */
export interface OpenAIDeltaText {
  /** A string, or content parts (Mistral: `{type:"text"}`, `{type:"thinking", thinking:[…]}`). */
  content?: unknown;
  /** DeepSeek, vLLM, xAI. */
  reasoning_content?: unknown;
  /** Groq, OpenRouter, Ollama. */
  reasoning?: unknown;
  /** OpenAI's refusal text, shown as the answer. */
  refusal?: unknown;
}

/**
 * The text and reasoning events of one delta. Reasoning comes from `reasoning_content`, `reasoning` (the
 * same text is never counted twice when a server sends both), `thinking` content parts or an inline
 * `<think>` block; answer text from string content, `text` parts and `refusal`. Anything else is skipped
 * with a `warning`, never glued into the answer.
 */
export function deltaTextEvents(delta: OpenAIDeltaText, think: InlineThinkSplitter): ModelEvent[] {
  const out: ModelEvent[] = [];
  const reasoning = reasoningText(delta.reasoning_content, 'reasoning_content');
  if (typeof reasoning === 'string') {
    if (reasoning) out.push({ type: 'reasoning-delta', text: reasoning });
  } else if (reasoning) out.push(reasoning);
  const alias = reasoningText(delta.reasoning, 'reasoning');
  if (typeof alias === 'string') {
    if (alias && alias !== reasoning) out.push({ type: 'reasoning-delta', text: alias });
  } else if (alias) out.push(alias);

  const { content } = delta;
  const refusal = typeof delta.refusal === 'string' && delta.refusal ? delta.refusal : undefined;
  if (typeof content === 'string') {
    const text = think.push(content);
    // The usual delta is one piece of answer text and nothing else: its events are all there is.
    if (out.length === 0 && refusal === undefined) return text;
    out.push(...text);
  } else if (Array.isArray(content)) for (const part of content) partEvents(part, think, out);
  else if (content !== undefined && content !== null)
    out.push({ type: 'warning', message: `Skipped delta.content of type ${typeof content}.` });
  if (refusal !== undefined) out.push(...think.push(refusal));
  return out;
}

function partEvents(part: unknown, think: InlineThinkSplitter, out: ModelEvent[]): void {
  const { type } = (part ?? {}) as { type?: unknown };
  if (type === 'text') {
    const { text } = part as { text?: unknown };
    if (typeof text === 'string') out.push(...think.push(text));
    return;
  }
  if (type === 'thinking') {
    const text = thinkingText((part as { thinking?: unknown }).thinking);
    if (text) out.push({ type: 'reasoning-delta', text });
    return;
  }
  out.push({
    type: 'warning',
    message: `Skipped a content part of unknown type ${JSON.stringify(type ?? null)}; its text is not part of the answer.`,
  });
}

/** Mistral sends `thinking` as a list of `{type:"text", text}`; a plain string is accepted too. */
function thinkingText(thinking: unknown): string {
  if (typeof thinking === 'string') return thinking;
  if (!Array.isArray(thinking)) return '';
  return thinking
    .map((chunk) =>
      chunk && typeof (chunk as { text?: unknown }).text === 'string' ? (chunk as { text: string }).text : '',
    )
    .join('');
}

/** A reasoning field's text; `null` and absent are silence, any other non-string a warning. */
function reasoningText(value: unknown, field: string): string | ModelEvent | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return value;
  return {
    type: 'warning',
    message: `Ignored delta.${field} of type ${Array.isArray(value) ? 'array' : typeof value}; expected text.`,
  };
}
