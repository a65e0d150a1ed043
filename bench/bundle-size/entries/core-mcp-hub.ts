// What a page's first MCP tool call needs from core: the hub (one connection per server, the MCP SDK's
// client and transport, schema validation), re-exported so nothing is tree-shaken away.
export { McpHub } from '@agent-chat/core';
