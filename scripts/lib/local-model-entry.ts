// Entry of the demo's local-model bundle (agent-chat-local.js): the core's agent and its WebGPU model.
// web-llm itself lands in a separate chunk, loaded only when the model is first used.
export { checkWebGPU, createAgent, webLLM } from '../../packages/core/src/index.ts';
