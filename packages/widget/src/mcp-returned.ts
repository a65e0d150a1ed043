// A tiny chunk of its own: whether the page came back from a redirect sign-in, without loading the MCP SDK.
export { mcpSignInReturned } from '@agent-chat/core';
