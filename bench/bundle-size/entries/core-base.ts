// The core as an SPA imports it for a remote model with one tool; re-exported so nothing is tree-shaken away.
export { createAgent, defineTool, openAICompatible } from '@agent-chat/core';
