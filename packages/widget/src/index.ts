// Public API of @agent-chat/widget. Everything exported here is supported; nothing else is.
// This module has no side effect; `./agent-chat.js` defines <agent-chat> (the package entry does both).
export { defineTool, type Tool, type ToolContext, type ToolDefinition } from '@agent-chat/core';
export type { AgentChatAttributes, RespondingAgent } from './element/agent-chat.attributes.js';
export { AgentChatElement } from './element/agent-chat.component.js';
export type { AgentChatStrings } from './i18n/strings.js';
export type {
  AgentChatActionDetail,
  AgentChatErrorDetail,
  AgentChatEventMap,
  AgentChatFeedbackDetail,
  AgentChatMessageDetail,
  AgentChatRemoteDetail,
  AgentChatRunFinishDetail,
  AgentChatRunStartDetail,
} from './shared/events.js';
export type { McpServerConfig } from './shared/widget-config.js';
export type { ToolViews } from './tool-view/tool-view-config.js';
export type { ToolViewProps, ToolViewStatus } from './tool-view/view-props.js';
export type { PageTool } from './tools/page-tools.js';
export type { StarterPrompt } from './transcript/start-screen/starter-prompts.js';
