/**
 * The narrow slice of Chrome's Prompt API (`LanguageModel`, built-in AI) that {@link builtInAI} uses, as
 * documented on MDN and developer.chrome.com. Declared here because TypeScript's DOM library lacks it.
 */
export type LanguageModelAvailability = 'unavailable' | 'downloadable' | 'downloading' | 'available';

/** An input or output modality the session must handle. */
export interface LanguageModelExpected {
  type: 'text' | 'image' | 'audio';
  languages?: string[];
}

/** One message of the prompt: `system` only first. */
export interface LanguageModelMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** The `monitor` target: `downloadprogress` events carry `loaded` in 0…1. */
export interface LanguageModelMonitor extends EventTarget {}

export interface LanguageModelCreateOptions {
  initialPrompts?: LanguageModelMessage[];
  expectedInputs?: LanguageModelExpected[];
  expectedOutputs?: LanguageModelExpected[];
  monitor?: (monitor: LanguageModelMonitor) => void;
  signal?: AbortSignal;
}

/** A session: `promptStreaming` yields the answer in pieces; `responseConstraint` is a JSON Schema. */
export interface LanguageModelSession {
  promptStreaming(
    input: string,
    options?: { signal?: AbortSignal; responseConstraint?: Record<string, unknown> },
  ): ReadableStream<string>;
  destroy(): void;
  /** Tokens the session accepts (Chrome names it `inputQuota`). */
  readonly inputQuota?: number;
}

/** The `LanguageModel` global. */
export interface LanguageModelStatic {
  availability(options?: {
    expectedInputs?: LanguageModelExpected[];
    expectedOutputs?: LanguageModelExpected[];
  }): Promise<LanguageModelAvailability>;
  create(options?: LanguageModelCreateOptions): Promise<LanguageModelSession>;
}

/** The browser's `LanguageModel`, when it has one. */
export function languageModelGlobal(): LanguageModelStatic | undefined {
  return (globalThis as { LanguageModel?: LanguageModelStatic }).LanguageModel;
}
