// Public API of @agent-chat/core/ai-sdk: the agent and its models in the Vercel AI SDK's terms, and AI SDK
// models in the agent. A separate entry point, so the base import does not grow.

export { type AgentChatTransportOptions, agentChatTransport } from './agent-chat-transport.js';
export { fromAISDKError } from './ai-sdk-errors.js';
export { fromAISDKPrompt } from './ai-sdk-messages.js';
export type { SupportedSpecification } from './ai-sdk-prompt.js';
export {
  type AISDKLanguageModel,
  type FromAISDKOptions,
  fromAISDK,
  SUPPORTED_SPECIFICATIONS,
} from './from-ai-sdk.js';
export { toAISDK } from './to-ai-sdk.js';
export {
  type AgentMessageMetadata,
  type ToUIMessageStreamOptions,
  toUIMessageStream,
} from './to-ui-message-stream.js';
export { UIMessagesInvalidError } from './ui-messages-invalid-error.js';
