// Loaded with import() by agent-source.ts (and preloaded when the element connects): the agent runtime
// (supervisor loop, OpenAI-compatible adapter, stream parsing) stays out of agent-chat.js, which then
// renders the chat before it has downloaded. The conversation run log comes with it: a first answer loads
// this chunk anyway, so that is one file less before it.
export { ConversationRunLog } from '../conversations/conversation-run-log.js';
export { createProxyAgent, proxyModel } from './proxy-agent.js';
