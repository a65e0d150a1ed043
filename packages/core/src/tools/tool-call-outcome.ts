import type { ContentItem } from '../model/content.js';

/** The outcome of one tool call: `content` is what the model receives either way. */
export type ToolCallOutcome =
  | {
      ok: true;
      result: unknown;
      content: string;
      /** Multi-modal items of a {@link toolOutput} result (already emitted as `tool.content`). */
      items?: ContentItem[];
      /** Set when the tool failed and its fallback produced this result. */
      fallback?: { tool: string; error: string };
    }
  | { ok: false; error: string; content: string; aborted?: boolean };
