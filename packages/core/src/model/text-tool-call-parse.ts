// Tool calls a model wrote as text: their shapes, the parser, and the stream filter that holds such text
// back. Loaded on demand (text-tool-calls.ts, JSON decisions): an answer that starts like prose never needs it.
import type { ModelEvent } from './chat-model.js';
import type { ToolCall } from './messages.js';

/** Keys a tool call written as text may carry, in the shapes small models use. */
const CALL_KEYS = [
  'name',
  'tool',
  'tool_name',
  'arguments',
  'args',
  'parameters',
  'params',
  'type',
  'id',
  'function',
];
const FENCE_LANGUAGES = ['', 'json', 'tool_call', 'tool'];

/**
 * The one tool call a model wrote as its whole text instead of calling the tool: `{"name","arguments"}`
 * (also `parameters`), `{"tool","args"}`, `{"type":"function","function":{…}}`, a one-element array of
 * those, inside a fenced JSON block or `<tool_call>…</tool_call>`. Anything else, prose around it, or
 * several calls, is not one: it stays text. `arguments` is kept as the model wrote it when it is a string,
 * so invalid JSON goes back to the model as a tool error.
 */
export function parseTextToolCall(text: string): Omit<ToolCall, 'id'> | undefined {
  let body = text.trim();
  const tagged = body.match(/^<tool_call>([\s\S]*?)(?:<\/tool_call>)?$/);
  if (tagged) body = tagged[1]!.trim();
  const fenced = body.match(/^```([\w-]*)[ \t]*\n([\s\S]*?)\n?```$/);
  if (fenced) {
    if (!FENCE_LANGUAGES.includes(fenced[1]!.toLowerCase())) return undefined;
    body = fenced[2]!.trim();
  }
  if (!body.startsWith('{') && !body.startsWith('[')) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return undefined;
  }
  if (Array.isArray(value)) {
    if (value.length !== 1) return undefined;
    value = value[0];
  }
  return toolCallShape(value);
}

/** A parsed JSON value in one of the shapes of {@link parseTextToolCall}, as a call; else undefined. */
export function toolCallShape(value: unknown): Omit<ToolCall, 'id'> | undefined {
  if (!isObject(value) || !Object.keys(value).every((key) => CALL_KEYS.includes(key))) return undefined;
  const inner = isObject(value.function) ? value.function : undefined;
  const name = value.name ?? value.tool ?? value.tool_name ?? inner?.name;
  const args =
    value.arguments ??
    value.args ??
    value.parameters ??
    value.params ??
    inner?.arguments ??
    inner?.parameters;
  if (typeof name !== 'string' || !/^[\w.:-]{1,128}$/.test(name)) return undefined;
  if (typeof args === 'string') return { name, arguments: args };
  if (args !== undefined && !isObject(args)) return undefined;
  return { name, arguments: JSON.stringify(args ?? {}) };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Whether text that starts like this may still turn out to be a tool call written as text: while it may,
 * the text is held back from the visitor.
 */
export function mayBeTextToolCall(prefix: string): boolean {
  const text = prefix.trimStart();
  if ('<tool_call>'.startsWith(text)) return true;
  if (text.startsWith('<tool_call>')) return mayBeCallJson(text.slice('<tool_call>'.length));
  if ('```'.startsWith(text)) return true;
  if (text.startsWith('```')) {
    const newline = text.indexOf('\n');
    if (newline < 0) return /^```[\w-]{0,12}$/.test(text.trimEnd());
    if (!FENCE_LANGUAGES.includes(text.slice(3, newline).trim().toLowerCase())) return false;
    return mayBeCallJson(text.slice(newline + 1));
  }
  return mayBeCallJson(text);
}

function mayBeCallJson(prefix: string): boolean {
  let text = prefix.trimStart();
  if (text.startsWith('[')) text = text.slice(1).trimStart();
  if (text === '') return true;
  if (!text.startsWith('{')) return false;
  const key = text.match(/^\{\s*(?:"([^"]*)("?))?/);
  if (!key || key[1] === undefined) return /^\{\s*$/.test(text);
  return key[2] ? CALL_KEYS.includes(key[1]) : CALL_KEYS.some((k) => k.startsWith(key[1]!));
}

/**
 * The rest of a model stream whose text started like a tool call (`lead`, the text so far): text that may
 * still be one is held back; if the whole text is one call it becomes `tool-call-*` events (nothing reaches
 * the visitor as an answer) and the finish reason `tool-calls`; otherwise the held text is released
 * unchanged. `native`: the model already made real tool calls in this stream (then text stays text).
 */
export async function* filterTextToolCall(
  lead: string,
  events: AsyncIterator<ModelEvent>,
  native: boolean,
): AsyncGenerator<ModelEvent> {
  let held = lead;
  let holding = mayBeTextToolCall(held);
  let finish: Extract<ModelEvent, { type: 'finish' }> | undefined;
  if (!holding) {
    yield { type: 'text-delta', text: held };
    held = '';
  }
  for (let next = await events.next(); !next.done; next = await events.next()) {
    const event = next.value;
    if (event.type === 'text-delta' && holding) {
      held += event.text;
      if (mayBeTextToolCall(held)) continue;
      holding = false;
      yield { type: 'text-delta', text: held };
      held = '';
      continue;
    }
    if (event.type === 'tool-call-start') native = true;
    if (event.type === 'finish') {
      finish = event;
      continue;
    }
    yield event;
  }
  const call = holding && !native ? parseTextToolCall(held) : undefined;
  if (call) {
    const id = `call_text_${crypto.randomUUID().replaceAll('-', '').slice(0, 12)}`;
    yield { type: 'tool-call-start', index: 0, id, name: call.name };
    yield { type: 'tool-call-delta', index: 0, id, argumentsDelta: call.arguments };
    yield { type: 'tool-call-end', index: 0, toolCall: { id, ...call } };
    yield {
      type: 'warning',
      message: `The model wrote a call of ${call.name} as text; it was run as a tool call.`,
    };
    yield { type: 'finish', reason: 'tool-calls', rawReason: finish?.rawReason ?? 'text_tool_call' };
    return;
  }
  if (held) yield { type: 'text-delta', text: held };
  if (finish) yield finish;
}
