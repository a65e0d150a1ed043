import type { McpAppContent } from '@agent-chat/core';

/** The live app of each resource, per chat (its shadow root): a newer result of the same app replaces the older one. */
const live = new WeakMap<Node, Map<string, { element: Element; replace: () => void }>>();

/**
 * Makes `element` the live app of its resource in its chat, closing an older one (`replace` is how this
 * one is closed when a newer result comes); false when a newer result of the same app (later in the
 * chat) is already live.
 */
export function claimLiveApp(element: Element, item: McpAppContent, replace: () => void): boolean {
  const root = element.getRootNode();
  let byResource = live.get(root);
  if (!byResource) {
    byResource = new Map();
    live.set(root, byResource);
  }
  const key = `${item.serverId}\n${item.resourceUri}`;
  const other = byResource.get(key);
  if (other && other.element !== element && other.element.isConnected) {
    const otherIsNewer = Boolean(
      element.compareDocumentPosition(other.element) & Node.DOCUMENT_POSITION_FOLLOWING,
    );
    if (otherIsNewer) return false;
    other.replace();
  }
  byResource.set(key, { element, replace });
  return true;
}
