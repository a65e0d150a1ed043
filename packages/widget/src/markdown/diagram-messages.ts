// The messages between the widget and its diagram frame (diagram-frame-main.ts, a sandboxed frame with an
// opaque origin): a request `{kind, id, source}` one way; `{kind, ready}` once, then `{kind, id, svg}` or
// `{kind, id, error}` the other. Each side reads only messages of this shape and these sizes.

/** The frame's page, emitted by the script-tag build beside agent-chat.js (scripts/diagram-frame.ts). */
export const FRAME_FILE = 'agent-chat-diagram-frame.html';
/** The longest diagram source Mermaid is asked to draw (its own `maxTextSize`). */
export const MAX_SOURCE_CHARS = 20_000;
/** The largest SVG the widget takes back from the frame. */
export const MAX_SVG_CHARS = 4_000_000;
const MAX_ERROR_CHARS = 1_000;
const KIND = 'agent-chat-diagram';

export interface DrawRequest {
  kind: typeof KIND;
  id: number;
  source: string;
}

/** What the frame answers: ready once, then an SVG or an error per request. */
export type FrameReply = { ready: true } | { id: number; svg: string } | { id: number; error: string };

const isRecord = (data: unknown): data is Record<string, unknown> =>
  typeof data === 'object' && data !== null;
const isId = (id: unknown): id is number => Number.isSafeInteger(id) && (id as number) > 0;

export function drawRequest(id: number, source: string): DrawRequest {
  return { kind: KIND, id, source };
}

/** `data` as a request the frame serves, or undefined. */
export function readDrawRequest(data: unknown): DrawRequest | undefined {
  if (!isRecord(data) || data.kind !== KIND || !isId(data.id)) return undefined;
  const { source } = data;
  return typeof source === 'string' && source.length <= MAX_SOURCE_CHARS
    ? drawRequest(data.id, source)
    : undefined;
}

export function frameReply(reply: FrameReply): FrameReply & { kind: typeof KIND } {
  return { kind: KIND, ...reply };
}

/** `data` as a reply of the frame the widget takes, or undefined. */
export function readFrameReply(data: unknown): FrameReply | undefined {
  if (!isRecord(data) || data.kind !== KIND) return undefined;
  if (data.ready === true) return { ready: true };
  if (!isId(data.id)) return undefined;
  const { id, svg, error } = data;
  if (typeof svg === 'string')
    return svg.length <= MAX_SVG_CHARS && /^<svg[\s>]/.test(svg) ? { id, svg } : undefined;
  return typeof error === 'string' ? { id, error: error.slice(0, MAX_ERROR_CHARS) } : undefined;
}
