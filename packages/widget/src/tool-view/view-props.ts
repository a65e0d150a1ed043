import { parse as parsePartialJson } from 'partial-json';
import type { ApprovalItem, StageItem } from '../transcript-model/transcript.js';

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
  input: 'input-streaming',
  approval: 'awaiting-approval',
  running: 'running',
  done: 'done',
  failed: 'error',
} as const satisfies Record<StageItem['status'], ToolViewStatus>;

/** Decodes TOON text (`@toon-format/toon`'s `decode`). */
export type ToonDecode = (text: string, options: { indentSize: number }) => unknown;

/** What the view of a call that waits on the user's approval is told once the user declined it. */
export const DECLINED = 'Declined by the user.';

/** Where the call stands beyond its stage: the state of the approval it waits on; whether its run ended. */
export interface CallState {
  approval?: ApprovalItem['state'];
  /** The run is over (stopped, failed, or paused on a question): a call still being written never starts. */
  ended?: boolean;
}

/**
 * A stage as its view's properties. `previous` are the properties set last time: an unchanged input or result
 * keeps its parsed value (the same object), so a view that compares by identity does not redraw. `toon`
 * decodes a stored result the model was sent as TOON (see {@link looksLikeToon}). A call waiting on an approval
 * is `running` once approved (until it starts), an `error` once declined; one whose input was still streaming
 * when its run ended is an `error` (`stopped`).
 */
export function viewProps(
  stage: StageItem,
  previous?: { raw?: string; props: ToolViewProps },
  toon?: ToonDecode,
  call: CallState = {},
): ToolViewProps {
  const status =
    stage.status === 'approval' && call.approval !== 'pending' && call.approval
      ? call.approval === 'approved'
        ? 'running'
        : 'error'
      : stage.status === 'input' && call.ended
        ? 'error'
        : STATUS[stage.status];
  const args =
    stage.argsText === undefined ? stage.args : partialInput(stage.argsText, previous?.props.input);
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
    input: previous && sameJson(previous.props.input, args) ? previous.props.input : args,
    ...(status === 'done' ? { result } : {}),
    ...(status === 'error' ? { error: stage.error ?? errorOf(stage) } : {}),
  };
}

function errorOf(stage: StageItem): string {
  return stage.status === 'approval' ? DECLINED : stage.status === 'input' ? 'stopped' : 'failed';
}

/**
 * Arguments the model is still writing, parsed as far as they go (`partial-json`: an open string or object is
 * kept as it is so far); text that does not parse (yet) keeps the input parsed last.
 */
export function partialInput(text: string, last?: unknown): unknown {
  try {
    return parsePartialJson(text);
  } catch {
    return last;
  }
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
