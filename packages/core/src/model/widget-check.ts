import type { WidgetAction, WidgetNode } from './widget-node.js';

/** Limits of a widget: what a chat can show, far below what would slow a page. */
export const WIDGET_LIMITS = { maxChars: 1_000_000, maxNodes: 500, maxDepth: 8 } as const;

/** The outcome of {@link checkWidget}: the widget, or where and why it is refused. */
export type WidgetCheck = { ok: true; widget: WidgetNode } | { ok: false; problem: string };

const CONTAINERS = new Set(['card', 'list', 'row']);
const SIZES = ['sm', 'md', 'lg'] as const;
const WEIGHTS = ['normal', 'bold'] as const;
const TONES = ['neutral', 'success', 'warning', 'danger'] as const;
const VARIANTS = ['primary', 'secondary'] as const;
const KEYS: Record<WidgetNode['type'], readonly string[]> = {
  card: ['type', 'title', 'children'],
  list: ['type', 'children'],
  row: ['type', 'children'],
  text: ['type', 'text', 'size', 'weight'],
  image: ['type', 'src', 'alt'],
  badge: ['type', 'text', 'tone'],
  button: ['type', 'label', 'action', 'variant'],
};
/** http(s) URLs, or base64 raster images (no SVG: it can carry scripts when opened on its own). */
const IMAGE_SRC = /^(https?:\/\/[^\s]+|data:image\/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/=]+)$/i;
const TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;

class Refused extends Error {}

/**
 * Checks untrusted data (a tool's result, a stored conversation) against the widget format: unknown node types
 * or fields, a URL that is not http(s) or a data image (`javascript:`…), more than {@link WIDGET_LIMITS} —
 * refused, naming the path of what is wrong (e.g. `children[2].src`).
 */
export function checkWidget(value: unknown): WidgetCheck {
  const budget = { chars: 0, nodes: 0 };
  try {
    return { ok: true, widget: node(value, 'widget', 0, budget) };
  } catch (error) {
    if (error instanceof Refused) return { ok: false, problem: error.message };
    throw error;
  }
}

function node(
  value: unknown,
  path: string,
  depth: number,
  budget: { chars: number; nodes: number },
): WidgetNode {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new Refused(`${path} must be an object with a "type"`);
  if (++budget.nodes > WIDGET_LIMITS.maxNodes)
    throw new Refused(`the widget has more than ${WIDGET_LIMITS.maxNodes} nodes`);
  if (depth > WIDGET_LIMITS.maxDepth)
    throw new Refused(`${path} is nested deeper than ${WIDGET_LIMITS.maxDepth} levels`);
  const record = value as Record<string, unknown>;
  const type = record.type as WidgetNode['type'];
  if (typeof type !== 'string' || !Object.hasOwn(KEYS, type))
    throw new Refused(
      `${path}.type ${JSON.stringify(record.type)} is not a widget node; use ${Object.keys(KEYS).join(', ')}`,
    );
  const extra = Object.keys(record).find((key) => !KEYS[type].includes(key));
  if (extra) throw new Refused(`${path}.${extra} is not a field of a "${type}" node`);
  const text = (key: string, optional = false) => string(record[key], `${path}.${key}`, budget, optional);
  const oneOf = <T extends string>(key: string, allowed: readonly T[]): T | undefined => {
    const v = record[key];
    if (v !== undefined && !allowed.includes(v as T))
      throw new Refused(`${path}.${key} must be one of ${allowed.join(', ')}`);
    return v as T | undefined;
  };
  if (CONTAINERS.has(type)) {
    const children = record.children;
    if (!Array.isArray(children)) throw new Refused(`${path}.children must be an array`);
    const checked = children.map((c, i) => node(c, `${path}.children[${i}]`, depth + 1, budget));
    if (type === 'card') {
      const title = text('title', true);
      return { type, ...(title !== undefined ? { title } : {}), children: checked };
    }
    return { type: type as 'list' | 'row', children: checked };
  }
  switch (type) {
    case 'text':
      return defined({
        type,
        text: text('text')!,
        size: oneOf('size', SIZES),
        weight: oneOf('weight', WEIGHTS),
      });
    case 'badge':
      return defined({ type, text: text('text')!, tone: oneOf('tone', TONES) });
    case 'image': {
      const src = text('src')!;
      if (!IMAGE_SRC.test(src))
        throw new Refused(`${path}.src must be an http(s) URL or a data:image/(png|jpeg|gif|webp) URL`);
      return { type, src, alt: text('alt')! };
    }
    default:
      return defined({
        type: 'button',
        label: text('label')!,
        action: action(record.action, `${path}.action`, budget),
        variant: oneOf('variant', VARIANTS),
      });
  }
}

function action(value: unknown, path: string, budget: { chars: number; nodes: number }): WidgetAction {
  const record = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  if (record.type === 'send') return { type: 'send', text: string(record.text, `${path}.text`, budget)! };
  if (record.type === 'call-tool') {
    const name = string(record.name, `${path}.name`, budget)!;
    if (!TOOL_NAME.test(name)) throw new Refused(`${path}.name must be a tool name`);
    const args = record.args;
    if (args !== undefined && (typeof args !== 'object' || args === null || Array.isArray(args)))
      throw new Refused(`${path}.args must be an object`);
    if (args !== undefined) budget.chars += JSON.stringify(args).length;
    if (budget.chars > WIDGET_LIMITS.maxChars)
      throw new Refused(`the widget is larger than ${WIDGET_LIMITS.maxChars} characters`);
    return { type: 'call-tool', name, ...(args ? { args: args as Record<string, unknown> } : {}) };
  }
  throw new Refused(`${path} must be {"type":"send","text"} or {"type":"call-tool","name","args"}`);
}

function string(
  value: unknown,
  path: string,
  budget: { chars: number },
  optional = false,
): string | undefined {
  if (value === undefined && optional) return undefined;
  if (typeof value !== 'string') throw new Refused(`${path} must be a string`);
  budget.chars += value.length;
  if (budget.chars > WIDGET_LIMITS.maxChars)
    throw new Refused(`the widget is larger than ${WIDGET_LIMITS.maxChars} characters`);
  return value;
}

/** The node without its unset optional fields. */
function defined<T extends object>(node: T): T {
  return Object.fromEntries(Object.entries(node).filter(([, v]) => v !== undefined)) as T;
}
