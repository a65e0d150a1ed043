/**
 * The text of a message the app of `tool` sends to the chat, labelled as the app's: the model reads who
 * wrote it, and the transcript (transcript/app-message.ts reads the label) shows it apart from the
 * visitor's. Lives in the apps' lazy chunk; a tool name cannot end the label early.
 */
export function appMessageText(tool: string, text: string): string {
  const name = tool.replace(/["\n]/g, '').slice(0, 100) || 'an MCP tool';
  return `[Sent by the app of "${name}" with the user's consent; not typed by the user]\n${text}`;
}
