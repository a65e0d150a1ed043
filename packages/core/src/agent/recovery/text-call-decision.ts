/**
 * JSON mode: a model asked for a supervisor decision that answers with a plain tool call instead
 * (`{"name":"add","arguments":{…}}`, `{"tool","args"}`, `<tool_call>…</tool_call>`…) meant `call_tool`: its
 * output is rewritten as that decision, so the call runs without an error-feedback retry. Anything else,
 * a decision included (it has an `action`), is returned unchanged.
 */
export async function asDecision(output: string): Promise<string> {
  // Imported, not bundled here: the parser is one chunk, shared with the adapters' text tool-call filter.
  const call = (await import('../../model/text-tool-call-parse.js')).parseTextToolCall(output);
  if (!call) return output;
  let params: unknown;
  try {
    params = JSON.parse(call.arguments);
  } catch {
    return output;
  }
  return JSON.stringify({
    action: 'call_tool',
    reasoning: 'tool call written as text',
    tool: call.name,
    params,
  });
}
