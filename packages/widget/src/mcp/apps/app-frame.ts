/**
 * The sandboxed frame an MCP app runs in: scripts only, in an opaque origin (no allow-same-origin), no
 * top navigation, no popups, no forms; `allow` carries the permissions the visitor granted.
 */
export function appFrame(title: string, allow: string): HTMLIFrameElement {
  const frame = document.createElement('iframe');
  frame.setAttribute('sandbox', 'allow-scripts');
  frame.setAttribute('part', 'mcp-app-frame');
  frame.className = 'mcp-app-frame';
  frame.title = title;
  frame.referrerPolicy = 'no-referrer';
  if (allow) frame.allow = allow;
  return frame;
}
