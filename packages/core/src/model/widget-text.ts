/**
 * The text a model reads of a widget: its titles, texts, button labels and image descriptions, one per line.
 * Reads untrusted data without checking it (the UI checks before drawing) and never throws; small, because it
 * runs with every tool result while the checker loads only with the UI that draws widgets.
 */
export function widgetText(widget: unknown, depth = 0): string {
  if (typeof widget !== 'object' || widget === null || depth > 8) return '';
  const node = widget as Record<string, unknown>;
  const own =
    node.type === 'image'
      ? `[image: ${String(node.alt ?? '')}]`
      : node.type === 'button'
        ? `[button: ${String(node.label ?? '')}]`
        : [node.title, node.text].filter((t) => typeof t === 'string').join('\n');
  const children = Array.isArray(node.children)
    ? node.children.slice(0, 500).map((child) => widgetText(child, depth + 1))
    : [];
  return [own, ...children].filter(Boolean).join('\n');
}
