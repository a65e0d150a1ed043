import type { Message } from '../../model/messages.js';
import { toToolSpec } from '../../tools/tool.js';
import type { RunLoop, TurnInput } from './run-types.js';

/**
 * Step 5a: what one turn offers and sends. The tools: the app's, plus MCP tools (all, or the catalog,
 * `load_tools` and the loaded ones). The conversation: the history and this run's messages, or with memory
 * the summarised track fitted to the budget, whose system message (the system prompt plus any roll-up of
 * older history) replaces the plain system prompt. The MCP catalog and a nudge join the system prompt.
 */
export async function prepareTurn(
  loop: RunLoop,
  finished: readonly Message[],
  turn: number,
  options: { answerOnly: boolean; nudge: string | undefined },
): Promise<TurnInput> {
  const { settings, mcpTools, memory } = loop;
  const tools = mcpTools ? await mcpTools.turnTools(settings.tools, turn) : settings.tools;
  const turnSettings = tools === settings.tools ? settings : { ...settings, tools };
  const specs = [
    ...[...tools.values()].map(toToolSpec),
    // ask_user and plan_workflow: loaded only when clarify or workflows are on (a plain chat offers neither).
    ...(turnSettings.clarify || loop.planWorkflow
      ? (await import('../builtin-tool-specs.js')).builtinToolSpecs(turnSettings, loop.planWorkflow)
      : []),
  ];
  let systemPrompt = settings.systemPrompt;
  let conversation = [...loop.history, ...finished];
  if (memory) {
    const prepared = await memory.prepare(finished, turn, specs);
    const system = prepared[0]?.role === 'system' ? prepared.shift() : undefined;
    systemPrompt = system?.content;
    conversation = prepared;
  }
  if (mcpTools) conversation = mcpTools.messagesForModel(conversation);
  const catalog = options.answerOnly ? undefined : mcpTools?.systemNote();
  if (catalog) systemPrompt = [systemPrompt, catalog].filter(Boolean).join('\n\n');
  if (options.nudge) systemPrompt = [systemPrompt, options.nudge].filter(Boolean).join('\n\n');
  return { tools, settings: turnSettings, specs, systemPrompt, conversation, answerOnly: options.answerOnly };
}
