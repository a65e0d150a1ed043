// Loaded with import() by agent-source.ts (and preloaded when the element connects): the agent runtime
// (supervisor loop, OpenAI-compatible adapter, stream parsing) stays out of agent-chat.js, which then
// renders the chat before it has downloaded.

export { showTranscriptNotice } from '../conversations/transcript-notice.js';
export { createProxyAgent, proxyModel } from './proxy-agent.js';
