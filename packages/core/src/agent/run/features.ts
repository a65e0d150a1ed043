import type { RunMemory } from '../../memory/run-memory.js';
import type { Message } from '../../model/messages.js';
import { isMcpToolSource } from '../mcp-tool-source.js';
import type { RunContext, RunSettings } from '../run-settings.js';
import type { RunLoop } from './run-types.js';

/**
 * Step 2: dual-track memory (a fitted summarised context per call, `retrieve_full_context`, turn summaries),
 * when the agent has it on. Loaded on first use, so pages without memory never download it (nor TOON and
 * the tokenizer). Gives the settings with memory's tools added.
 */
export async function openMemory(
  settings: RunSettings,
  run: RunContext,
  history: readonly Message[],
): Promise<{ settings: RunSettings; memory?: RunMemory }> {
  if (!settings.memory) return { settings };
  const memory = await (await import('../../memory/run-memory.js')).openRunMemory({
    memory: settings.memory,
    store: settings.store,
    conversationId: run.conversationId,
    history,
    model: run.model,
    systemPrompt: settings.systemPrompt,
    tokenBudget: settings.tokenBudget,
    log: settings.efficiency,
    runId: run.runId,
    emit: run.emit,
    signal: run.signal,
  });
  run.memory = memory;
  const tools = new Map([...settings.tools, ...memory.tools.map((t) => [t.name, t] as const)]);
  return { memory, settings: { ...settings, tools } };
}

/**
 * Step 4: the parts of the loop this agent uses, each loaded on first use. JSON decisions, reflection and
 * workflows: a page whose model calls tools natively and that does not reflect never downloads them. MCP
 * tools of the agent's hub: pages without MCP never download that code.
 */
export async function loadFeatures(
  settings: RunSettings,
  run: RunContext,
  history: readonly Message[],
  memory: RunMemory | undefined,
): Promise<RunLoop> {
  const json = settings.mode === 'json' ? await import('../json-decision.js') : undefined;
  const reflection = settings.reflect ? await import('../reflection.js') : undefined;
  const planWorkflow = settings.workflows
    ? (await import('../plan-workflow-spec.js')).planWorkflowSpec()
    : undefined;
  const mcpTools =
    settings.mcpTools !== false && isMcpToolSource(settings.mcp)
      ? new (await import('../mcp-run-tools.js')).McpRunTools(settings.mcp, settings.mcpTools, run, history)
      : undefined;
  return { settings, history, memory, json, reflection, planWorkflow, mcpTools };
}
