import type { McpAppsDeps } from '../mcp/apps/mcp-apps-deps.js';
import { readActionDetail } from '../shared/action-detail.js';
import { callPageTool, type PageToolCallDeps } from './page-tool-call.js';

/** What a view's actions reach: the chat's sending, and what running a page tool needs. */
export interface ViewActionDeps extends PageToolCallDeps {
  /** The tool whose view acts (named in console errors, and in the message a tool's result is sent in). */
  tool: string;
  chat: McpAppsDeps | undefined;
}

/**
 * Carries out an `agent-chat-action` from the view of `deps.tool`: `send` sends the text as the visitor's next
 * message; `call-tool` runs the page tool (approval first where it needs it) and sends its result to the agent,
 * which continues with it. An invalid detail, or an action while a run is in progress, is refused with a
 * console error saying why.
 */
export async function performAction(detail: unknown, deps: ViewActionDeps): Promise<void> {
  const read = readActionDetail(detail);
  const refuse = (why: string) =>
    console.error(
      `<agent-chat>: the view of "${deps.tool}" sent an agent-chat-action that was refused: ${why}.`,
    );
  if (!read.ok) return refuse(read.problem);
  const { chat } = deps;
  if (!chat || !idle(chat)) return refuse('the chat is busy with a run; act again when its answer is done');
  const { action } = read;
  if (action.type === 'send') {
    await chat.sender.send(action.text);
    return;
  }
  const outcome = await callPageTool(action.name, action.args ?? {}, deps);
  if (!outcome || ('denied' in outcome && outcome.denied)) return;
  const args = JSON.stringify(action.args ?? {});
  const text = outcome.ok
    ? `The user ran the tool "${action.name}" from this result with ${args}. It returned:\n${outcome.content}`
    : `The user ran the tool "${action.name}" from this result with ${args}. It failed: ${'error' in outcome ? outcome.error : ''}`;
  // Labelled as the view's (like an MCP App's message): the model reads that the visitor did not type it.
  if (idle(chat)) await chat.sender.send(viewMessageText(deps.tool, text), { fromApp: true });
  else refuse(`the result of "${action.name}" could not be sent: a run started meanwhile`);
}

function idle(chat: McpAppsDeps): boolean {
  return chat.run.status !== 'running' && chat.sender.pendingTurn === undefined;
}

/**
 * The label of mcp/apps/app-message-text.ts, which transcript/app-message.ts reads to show the message as the
 * tool's. Written out here rather than imported: a module two lazy chunks share is hoisted into the chunk every
 * first chat loads.
 */
function viewMessageText(tool: string, text: string): string {
  const name = tool.replace(/["\n]/g, '').slice(0, 100) || 'a tool';
  return `[Sent by the app of "${name}" with the user's consent; not typed by the user]\n${text}`;
}
