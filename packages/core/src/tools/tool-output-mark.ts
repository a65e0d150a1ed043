import type { ContentItem } from '../model/content.js';

// The mark of a multi-modal tool result, apart from the code that reads one out (tool-output.ts): run memory
// checks results on every run, and only a run that calls tools needs the rest.

export const TOOL_OUTPUT_MARK = 'agent-chat.tool-output';

/** A tool result made of content items (text, Markdown, images, JSON, tables, charts…). */
export interface ToolOutput {
  readonly type: typeof TOOL_OUTPUT_MARK;
  readonly content: ContentItem[];
}

/** True for a value made by `toolOutput()`. */
export function isToolOutput(value: unknown): value is ToolOutput {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { type?: unknown }).type === TOOL_OUTPUT_MARK &&
    Array.isArray((value as { content?: unknown }).content)
  );
}
