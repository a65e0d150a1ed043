import type { McpAppContent } from '@agent-chat/core';

/** What the visitor said about the browser permissions an app declared (camera, microphone…). */
export type PermissionConsent = 'granted' | 'denied';

/** Per chat (its shadow root), per app (server and resource): asked once, remembered while the page lives. */
const answers = new WeakMap<Node, Map<string, PermissionConsent>>();

const appKey = (item: Pick<McpAppContent, 'serverId' | 'resourceUri'>) =>
  `${item.serverId}\n${item.resourceUri}`;

/** The visitor's answer for this app in this chat, or undefined when they were not asked yet. */
export function permissionConsent(root: Node, item: McpAppContent): PermissionConsent | undefined {
  return answers.get(root)?.get(appKey(item));
}

/** Remembers the visitor's answer for this app in this chat. */
export function rememberConsent(root: Node, item: McpAppContent, answer: PermissionConsent): void {
  let byApp = answers.get(root);
  if (!byApp) {
    byApp = new Map();
    answers.set(root, byApp);
  }
  byApp.set(appKey(item), answer);
}

/**
 * The permissions the frame may have now: those the app declared once the visitor granted them, none
 * before (the frame's `allow` attribute stays without them) or after a no.
 */
export function grantedPermissions(
  declared: Record<string, object> | undefined,
  consent: PermissionConsent | undefined,
): Record<string, object> {
  return consent === 'granted' ? { ...declared } : {};
}
