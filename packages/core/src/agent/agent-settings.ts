import { type EfficiencyLog, efficiencyLog } from '../context/efficiency-log.js';
import { ConfigurationError } from '../errors.js';
import type { DecisionMode } from '../events.js';
import { RETRIEVE_FULL_CONTEXT } from '../memory/built-in-tool-names.js';
import type { DualTrackOptions } from '../memory/dual-track-memory.js';
import { memoryStore } from '../memory/memory-store.js';
import { lazyTelemetry } from '../telemetry/lazy-telemetry.js';
import { ToolRegistry } from '../tools/tool-registry.js';
import type { AgentOptions } from './agent-options.js';
import type { McpToolLoading } from './mcp-tool-source.js';
import { memoryCheckpointStore } from './run-checkpoint-store.js';
import type { RunSettings } from './run-settings.js';

/** What every run of an agent uses, from `createAgent`'s options: checked, with the defaults filled in. */
export function runSettingsOf(
  options: AgentOptions,
): RunSettings & { tools: ToolRegistry; efficiency: EfficiencyLog } {
  const { model } = options;
  const limits = options.limits ?? {};
  const maxTurns = positiveInteger('maxTurns', limits.maxTurns ?? 15);
  const maxIterations = positiveInteger('maxIterations', limits.maxIterations ?? 5);
  const maxParallelSteps = positiveInteger('maxParallelSteps', limits.maxParallelSteps ?? 4);
  const tools = options.tools instanceof ToolRegistry ? options.tools : new ToolRegistry(options.tools ?? []);
  const requested = options.decisionMode ?? 'auto';
  if (requested === 'native-tools' && !model.capabilities?.tools)
    throw new ConfigurationError(
      `createAgent: decisionMode "native-tools" needs a model with tool calling, and ${model.id} has none; use "auto" or "json".`,
    );
  const mode: DecisionMode =
    requested === 'auto' ? (model.capabilities?.tools ? 'native-tools' : 'json') : requested;
  const store = options.store ?? memoryStore();
  const checkpoints = options.checkpoints ?? memoryCheckpointStore();
  const tokenBudget =
    limits.tokenBudget === undefined ? undefined : positiveInteger('tokenBudget', limits.tokenBudget);
  const memoryOptions = options.memory === true ? {} : options.memory || undefined;
  if (memoryOptions && tools.has(RETRIEVE_FULL_CONTEXT))
    throw new ConfigurationError(
      `createAgent: the tool name "${RETRIEVE_FULL_CONTEXT}" is reserved by memory; rename your tool or turn memory off.`,
    );
  const memory: DualTrackOptions | undefined = memoryOptions
    ? { ...(options.summarizer ? { summarizer: options.summarizer } : {}), ...memoryOptions }
    : undefined;
  const efficiency = efficiencyLog(options.efficiency);
  return {
    model,
    tools,
    store,
    checkpoints,
    runLog: options.runLog,
    telemetry: options.telemetry ? lazyTelemetry(options.telemetry) : undefined,
    maxTurns,
    maxIterations,
    maxParallelSteps,
    systemPrompt: options.systemPrompt,
    mode,
    workflows: options.workflows ?? false,
    clarify: options.clarify ?? false,
    reflect: options.reflect ?? false,
    retry: options.retry ?? {},
    memory,
    efficiency,
    tokenBudget,
    mcp: options.mcp,
    mcpTools: mcpToolLoading(options.mcpTools),
  };
}

function positiveInteger(name: string, value: number): number {
  if (!Number.isInteger(value) || value < 1)
    throw new ConfigurationError(`createAgent: limits.${name} must be a positive integer, got ${value}.`);
  return value;
}

function mcpToolLoading(value: McpToolLoading | false | undefined): McpToolLoading | false {
  if (value === false || value === undefined) return value ?? {};
  if (value.mode !== undefined && !['auto', 'lazy', 'eager'].includes(value.mode))
    throw new ConfigurationError(
      `createAgent: mcpTools.mode must be "auto", "lazy" or "eager", got ${JSON.stringify(value.mode)}.`,
    );
  for (const key of ['lazyAboveTokens', 'catalogMaxTokens'] as const) {
    const n = value[key];
    if (n !== undefined && (!Number.isInteger(n) || n < 0))
      throw new ConfigurationError(
        `createAgent: mcpTools.${key} must be a whole number of tokens, got ${n}.`,
      );
  }
  return value;
}
