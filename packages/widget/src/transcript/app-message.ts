// A chat message an MCP App sent (`ui/message`) with the visitor's yes. It is stored and sent to the model
// as a user message, so it carries its sender in its text: the model reads that the app wrote it, and
// the transcript shows it labelled as the app's, never as the visitor's own words.

const LABEL = /^\[Sent by the app of "([^"\n]{1,100})" with the user's consent; not typed by the user\]\n/;

/** The text of a message from the app of `tool`, labelled as the app's. */
export function appMessageText(tool: string, text: string): string {
  const name = tool.replace(/["\n]/g, '').slice(0, 100) || 'an MCP tool';
  return `[Sent by the app of "${name}" with the user's consent; not typed by the user]\n${text}`;
}

/** The app and the text of a labelled message; undefined for the visitor's own. */
export function readAppMessage(text: string): { tool: string; text: string } | undefined {
  const match = LABEL.exec(text);
  return match ? { tool: match[1]!, text: text.slice(match[0].length) } : undefined;
}
