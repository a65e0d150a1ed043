/**
 * What a tool's view (or a button of a declarative widget) asks of the chat, as the `detail` of an
 * `agent-chat-action` event: send a message as the visitor's next one, or run one of the page's tools (under
 * its approval rules) and let the agent continue with its result.
 */
export type AgentChatActionDetail =
  | { type: 'send'; text: string }
  | { type: 'call-tool'; name: string; args?: Record<string, unknown> };

const MAX_TEXT = 10_000;

/** `detail` checked: the action, or what is wrong with it (for the console error). */
export function readActionDetail(
  detail: unknown,
): { ok: true; action: AgentChatActionDetail } | { ok: false; problem: string } {
  if (typeof detail !== 'object' || detail === null)
    return { ok: false, problem: 'detail must be an object like {"type":"send","text":"…"}' };
  const { type } = detail as { type?: unknown };
  if (type === 'send') {
    const { text } = detail as { text?: unknown };
    if (typeof text !== 'string' || !text.trim())
      return { ok: false, problem: 'a "send" action needs a non-empty string "text"' };
    if (text.length > MAX_TEXT)
      return { ok: false, problem: `a "send" action's text is limited to ${MAX_TEXT} characters` };
    return { ok: true, action: { type, text } };
  }
  if (type === 'call-tool') {
    const { name, args } = detail as { name?: unknown; args?: unknown };
    if (typeof name !== 'string' || !name)
      return { ok: false, problem: 'a "call-tool" action needs the tool\'s "name"' };
    if (args !== undefined && (typeof args !== 'object' || args === null || Array.isArray(args)))
      return { ok: false, problem: 'a "call-tool" action\'s "args" must be an object' };
    return { ok: true, action: { type, name, ...(args ? { args: args as Record<string, unknown> } : {}) } };
  }
  return { ok: false, problem: `unknown action type ${JSON.stringify(type)}; use "send" or "call-tool"` };
}
