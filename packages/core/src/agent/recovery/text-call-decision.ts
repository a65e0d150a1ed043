import { toolCallShape } from '../../model/text-tool-calls.js';

/**
 * JSON mode: a model asked for a supervisor decision that answers with a plain tool call instead
 * (`{"name":"add","arguments":{…}}`, `{"tool","args"}`…) meant `call_tool`; read as that decision, so the
 * call runs without a retry. An object with an `action` is a decision and is left alone.
 */
export function textCallDecision(value: unknown): Record<string, unknown> | undefined {
  if (typeof value !== 'object' || value === null || 'action' in value) return undefined;
  const call = toolCallShape(Array.isArray(value) && value.length === 1 ? value[0] : value);
  if (!call) return undefined;
  let params: unknown;
  try {
    params = JSON.parse(call.arguments);
  } catch {
    return undefined;
  }
  return { action: 'call_tool', reasoning: 'tool call written as text', tool: call.name, params };
}
