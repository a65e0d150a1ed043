// What a page needs to use MCP tools with agent-chat: the hub (agent tools, events) and the catalog text.
export { McpHub, toolCatalogText } from '@agent-chat/core';
