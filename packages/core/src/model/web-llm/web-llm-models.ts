import type { ModelCapabilities } from '../chat-model.js';

/** A local model agent-chat knows how to use: what it can do and what it needs. */
export interface LocalModelInfo {
  /** web-llm `model_id`. */
  id: string;
  /** Native tool calling through web-llm's `tools` (Hermes function-calling models only). */
  tools: boolean;
  vision: boolean;
  contextWindow: number;
  /** GPU memory the model needs (web-llm's `vram_required_MB`); also an upper bound of its download. */
  vramMB: number;
  /** WebGPU features the weights need (`shader-f16` for q4f16 models). */
  requiredFeatures: string[];
}

const small = (
  id: string,
  vramMB: number,
  tools = false,
  requiredFeatures: string[] = [],
): LocalModelInfo => ({
  id,
  tools,
  vision: false,
  contextWindow: 4096,
  vramMB,
  requiredFeatures,
});

/**
 * The short default list: small instruct models that follow tool instructions well, smallest first.
 * Only the Hermes models call tools natively in web-llm 0.2.x; the others run the agent's JSON
 * decision mode (their `capabilities.tools` is false, `jsonSchema` true through web-llm's grammar mode).
 * Sizes and features are web-llm 0.2.86's `vram_required_MB` and `required_features`.
 */
export const LOCAL_MODELS: readonly LocalModelInfo[] = [
  small('Qwen2.5-1.5B-Instruct-q4f16_1-MLC', 1630),
  small('Qwen2.5-1.5B-Instruct-q4f32_1-MLC', 1889),
  small('Llama-3.2-3B-Instruct-q4f16_1-MLC', 2264),
  small('Qwen2.5-3B-Instruct-q4f16_1-MLC', 2505),
  small('Hermes-2-Pro-Mistral-7B-q4f16_1-MLC', 4033, true, ['shader-f16']),
  small('Hermes-3-Llama-3.1-8B-q4f16_1-MLC', 4876, true),
];

/** The model `webLLM()` loads when none is named: small (1.6 GB), multilingual, good at JSON. */
export const DEFAULT_LOCAL_MODEL = 'Qwen2.5-1.5B-Instruct-q4f16_1-MLC';

/** What a web-llm model can do: from the list above, else from its name (Hermes = native tools). */
export function localModelInfo(id: string): LocalModelInfo {
  const known = LOCAL_MODELS.find((model) => model.id === id);
  if (known) return known;
  return {
    ...small(id, 0, /^Hermes-(2-Pro|3)-/.test(id)),
    vision: /vision/i.test(id),
  };
}

/** The {@link ModelCapabilities} of a local model. */
export function localCapabilities(info: LocalModelInfo): ModelCapabilities {
  return { tools: info.tools, jsonSchema: true, vision: info.vision, contextWindow: info.contextWindow };
}
