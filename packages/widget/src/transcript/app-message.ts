// A chat message an MCP App sent (`ui/message`) with the visitor's yes is stored and sent to the model as
// a user message that names its sender in its text (written by the app's stage, mcp/apps/app-message-text.ts):
// the model reads that the app wrote it, and the transcript shows it labelled as the app's.

/** The app and the text of a labelled message; undefined for the visitor's own. */
export function readAppMessage(text: string): { tool: string; text: string } | undefined {
  const match =
    /^\[Sent by the app of "([^"\n]{1,100})" with the user's consent; not typed by the user\]\n/.exec(text);
  return match ? { tool: match[1]!, text: text.slice(match[0].length) } : undefined;
}
