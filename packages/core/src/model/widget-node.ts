/**
 * A small declarative widget a tool can return as a content item (`{ kind: 'widget', widget }`): cards, lists,
 * rows, text, images, badges and buttons, drawn by the UI with its own styles — no HTML, no scripts, images by
 * http(s) or `data:image/…` URLs only. Buttons carry the same actions a tool's view dispatches
 * (`agent-chat-action`): send a message, or run a page tool.
 */
export type WidgetNode =
  | { type: 'card'; title?: string; children: WidgetNode[] }
  | { type: 'list'; children: WidgetNode[] }
  | { type: 'row'; children: WidgetNode[] }
  | { type: 'text'; text: string; size?: 'sm' | 'md' | 'lg'; weight?: 'normal' | 'bold' }
  | { type: 'image'; src: string; alt: string }
  | { type: 'badge'; text: string; tone?: 'neutral' | 'success' | 'warning' | 'danger' }
  | { type: 'button'; label: string; action: WidgetAction; variant?: 'primary' | 'secondary' };

/** What a widget's button asks of the chat (the `detail` of `agent-chat-action`). */
export type WidgetAction =
  | { type: 'send'; text: string }
  | { type: 'call-tool'; name: string; args?: Record<string, unknown> };

/** A widget as a tool's content item. */
export interface WidgetContent {
  kind: 'widget';
  widget: WidgetNode;
}
