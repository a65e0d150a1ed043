// Public API of @agent-chat/widget. Everything exported here is supported; nothing else is.
// This module has no side effect; `./agent-chat.js` defines <agent-chat> (the package entry does both).
export { defineTool, type Tool, type ToolContext, type ToolDefinition } from '@agent-chat/core';
export type { AgentChatAttributes, RespondingAgent } from './agent-chat.attributes.js';
export { AgentChatElement } from './agent-chat.component.js';
export type {
  AgentChatErrorDetail,
  AgentChatEventMap,
  AgentChatFeedbackDetail,
  AgentChatMessageDetail,
  AgentChatRemoteDetail,
  AgentChatRunFinishDetail,
  AgentChatRunStartDetail,
} from './events.js';
export type { PageTool } from './page-tools.js';
export type { StarterPrompt } from './start-screen/starter-prompts.js';
export type { AgentChatStrings } from './strings.js';
export type { McpServerConfig } from './widget-config.js';
