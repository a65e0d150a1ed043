// The peer's equivalent: the AI SDK's MCP client (streamable HTTP transport included).
export { createMCPClient } from '@ai-sdk/mcp';
