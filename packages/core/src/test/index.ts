// Public API of @agent-chat/core/test: fakes that implement the real ports, for your own tests.

export { minimalPdf } from '../rag/testing/minimal-pdf.js';
export { anthropicStreamEvents } from './anthropic-wire.js';
export { collect, ofType } from './collect.js';
export { eventStreamFetch } from './event-stream-fetch.js';
export {
  type FakeLanguageModel,
  type FakeLanguageModelOptions,
  type FakePrompt,
  fakeLanguageModel,
} from './fake-language-model.js';
export { type FakeWebLLMEngine, type FakeWebLLMScript, fakeWebLLMEngine } from './fake-web-llm-engine.js';
export {
  deleteDatabase,
  IndexedDBBlockedError,
  openConnections,
  trackIndexedDBConnections,
} from './indexeddb-cleanup.js';
export { type MockModel, type MockTurn, mockModel } from './mock-model.js';
export { openAIStreamEvents } from './openai-wire.js';
export type { ScriptedTurn } from './scripted-turn.js';
