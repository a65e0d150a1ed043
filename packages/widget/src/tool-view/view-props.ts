import type { StageItem } from '../transcript-model/transcript.js';

/** Where a tool call is, as its view sees it. */
export type ToolViewStatus = 'input-streaming' | 'awaiting-approval' | 'running' | 'done' | 'error';

/** The properties the widget sets on a tool's view element, kept up to date as the call goes on. */
export interface ToolViewProps {
  toolName: string;
  callId: string;
  status: ToolViewStatus;
  /** The call's arguments: partial while they stream, complete from `running` on. */
  input: unknown;
  /** What the tool returned (its JSON parsed; a string result as it is), once `done`. */
  result?: unknown;
  /** Why the call failed, with `status` `error`. */
  error?: string;
}

const STATUS = {
  running: 'running',
  done: 'done',
  failed: 'error',
} as const satisfies Record<StageItem['status'], ToolViewStatus>;

/** Decodes TOON text (`@toon-format/toon`'s `decode`). */
export type ToonDecode = (text: string, options: { indentSize: number }) => unknown;

/**
 * A stage as its view's properties. `previous` are the properties set last time: an unchanged result keeps its
 * parsed value (the same object), so a view that compares by identity does not redraw. `toon` decodes a
 * stored result the model was sent as TOON (see {@link looksLikeToon}).
 */
export function viewProps(
  stage: StageItem,
  previous?: { raw?: string; props: ToolViewProps },
  toon?: ToonDecode,
): ToolViewProps {
  const status = STATUS[stage.status];
  const result =
    stage.result === undefined
      ? undefined
      : previous?.raw === stage.result
        ? previous.props.result
        : parseResult(stage.result, toon);
  return {
    toolName: stage.name,
    // The provider's call id (stage ids are `runId:callId`).
    callId: stage.id.slice(stage.runId.length + 1),
    status,
    input: previous && sameJson(previous.props.input, stage.args) ? previous.props.input : stage.args,
    ...(status === 'done' ? { result } : {}),
    ...(status === 'error' ? { error: stage.error ?? 'failed' } : {}),
  };
}

/**
 * The tool's returned value from the text the model read: JSON for anything but a string, or — in a stored
 * conversation, where memory may have re-serialised a table-like result — TOON; any other text as it is.
 */
export function parseResult(text: string, toon?: ToonDecode): unknown {
  try {
    return JSON.parse(text);
  } catch {
    if (toon && looksLikeToon(text))
      for (const indentSize of [2, 1])
        try {
          return toon(text, { indentSize });
        } catch {
          // Not at this indentation: try the next, then take the text as it is.
        }
    return text;
  }
}

/**
 * Core sends TOON only for values holding a uniform table (core's negotiate-format.ts), whose header reads
 * `[2]{name,price}:` (or with a tab or `|` delimiter): text without one is not TOON.
 */
export function looksLikeToon(text: string): boolean {
  return /\[\d+[,\t|]?\]\{[^}\n]*\}:/.test(text);
}

function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  try {
    return JSON.stringify(a) === JSON.stringify(b);
  } catch {
    return false;
  }
}
