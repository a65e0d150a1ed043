import { estimateTokenCounter } from '../context/token-counter.js';
import { fitToolCatalog } from '../mcp/catalog-text.js';
import type { McpToolSummary } from '../mcp/mcp-hub-options.js';
import { withAppContext } from '../mcp-apps/app-context-message.js';
import type { Message, ToolCall } from '../model/messages.js';
import type { Tool } from '../tools/tool.js';
import { ASK_USER, LOAD_TOOLS, PLAN_WORKFLOW } from './builtin-names.js';
import { closestNames } from './closest-names.js';
import { lastRunLoadedNamesOf, loadedNamesOf, withoutSpentLoads } from './load-tools-history.js';
import { loadToolsTool } from './load-tools-tool.js';
import type { McpToolLoading, McpToolSource } from './mcp-tool-source.js';
import type { RunContext } from './run-settings.js';

const estimate = estimateTokenCounter();

/**
 * The MCP tools of one run. Eager while their full definitions are small (every definition in every
 * request, as before); lazy above `lazyAboveTokens`: the model gets the catalog (one line per tool, in
 * the system message) and the built-in `load_tools`, and only the definitions of the tools it loaded.
 * A call by name to a tool not loaded yet loads it first. The loaded set is read back from the
 * conversation's stored tool calls, so it lasts for the conversation and survives a reload.
 */
export class McpRunTools {
  readonly #source: McpToolSource;
  readonly #loading: Required<McpToolLoading>;
  readonly #run: RunContext;
  #byName = new Map<string, McpToolSummary>();
  #lazy = false;
  #turn = 0;
  /** Names the model has the definitions of (lazy mode). */
  readonly #loaded = new Set<string>();
  /** Loaded names whose tool its server no longer lists: unloaded, and the model is told. */
  readonly #vanished = new Set<string>();
  /** Names already given to the model in earlier turns/runs, before their catalog was known. */
  #remembered: string[];
  /** Of those, the ones the last run had: the model is told once if they vanished since, not every run. */
  readonly #lastRun: Set<string>;

  constructor(source: McpToolSource, loading: McpToolLoading, run: RunContext, history: readonly Message[]) {
    this.#source = source;
    this.#loading = {
      mode: loading.mode ?? 'auto',
      lazyAboveTokens: loading.lazyAboveTokens ?? 1000,
      catalogMaxTokens: loading.catalogMaxTokens ?? 4000,
    };
    this.#run = run;
    this.#remembered = loadedNamesOf(history);
    this.#lastRun = new Set(lastRunLoadedNamesOf(history));
  }

  /** True when this turn offers the catalog and `load_tools` instead of every definition. */
  get lazy(): boolean {
    return this.#lazy;
  }

  /** The names loaded so far (lazy mode), in load order. */
  get loaded(): string[] {
    return [...this.#loaded];
  }

  /**
   * The tools of this turn: the app's, plus every MCP tool (eager) or `load_tools` and the loaded MCP
   * tools (lazy). Takes a fresh listing first when the cached one is stale or a server said it changed.
   */
  async turnTools(appTools: ReadonlyMap<string, Tool>, turn: number): Promise<Map<string, Tool>> {
    this.#turn = turn;
    const summaries = (await this.#source.summaries()).filter((s) => !appTools.has(s.name));
    this.#byName = new Map(summaries.map((s) => [s.name, s]));
    const total = summaries.reduce((sum, s) => sum + (s.definitionTokens ?? 0), 0);
    const { mode, lazyAboveTokens } = this.#loading;
    this.#lazy = summaries.length > 0 && (mode === 'lazy' || (mode === 'auto' && total > lazyAboveTokens));
    const fromHistory = new Set(this.#remembered.splice(0));
    for (const name of fromHistory) this.#loaded.add(name);
    for (const name of this.#loaded)
      if (!this.#byName.has(name)) {
        this.#loaded.delete(name);
        // A name read back from an older run that is gone stays unloaded without a word: the model was
        // told in the run after it vanished (or learns on a call), not again in every later run.
        if (!fromHistory.has(name) || this.#lastRun.has(name)) this.#vanished.add(name);
      }
    const tools = new Map(appTools);
    if (!this.#lazy) {
      for (const tool of await this.#source.tools(summaries.map((s) => s.name))) tools.set(tool.name, tool);
      return tools;
    }
    if (!appTools.has(LOAD_TOOLS))
      tools.set(
        LOAD_TOOLS,
        loadToolsTool((names, toolCallId) => this.#load(names, 'load_tools', toolCallId), this.#resolve),
      );
    for (const tool of await this.#source.tools([...this.#loaded])) tools.set(tool.name, tool);
    return tools;
  }

  /**
   * What the system message adds in lazy mode: the catalog (cut by server to its budget), how to load,
   * servers that are down and loaded tools their servers removed.
   */
  systemNote(): string | undefined {
    if (!this.#lazy) return undefined;
    // Tools already loaded are in the tool list with their full definitions: not listed twice.
    const unloaded = [...this.#byName.values()].filter((s) => !this.#loaded.has(s.name));
    const catalog = fitToolCatalog(unloaded, this.#loading.catalogMaxTokens, (text) => estimate.count(text));
    const lines: string[] = [];
    if (catalog.text)
      lines.push(`More tools: call ${LOAD_TOOLS} with their full names, then call them.`, catalog.text);
    for (const server of this.#source.servers?.() ?? [])
      if (server.status === 'down')
        lines.push(
          `MCP server "${server.id}" is unavailable${server.lastError ? ` (${server.lastError.slice(0, 160)})` : ''}; its tools are left out until it answers again.`,
        );
    if (this.#vanished.size > 0)
      lines.push(
        `Unloaded because their servers no longer offer them: ${[...this.#vanished].join(', ')}. Do not call them.`,
      );
    return lines.length > 0 ? lines.join('\n\n') : undefined;
  }

  /**
   * The tools to run this turn's calls with: a call (or a workflow step) naming a catalog tool that is
   * not loaded yet loads it now (`mcp.tools.loaded` with `via: 'call'`), then validates and runs as
   * usual; a name that is nowhere gets an error result that lists the closest tools.
   */
  async prepareCalls(
    calls: readonly ToolCall[],
    tools: ReadonlyMap<string, Tool>,
  ): Promise<Map<string, Tool>> {
    const prepared = new Map(tools);
    for (const call of calls) {
      const names = call.name === PLAN_WORKFLOW ? stepTools(call.arguments) : [call.name];
      const missing = names.filter((name) => !prepared.has(name) && this.#byName.has(name));
      if (missing.length > 0)
        for (const tool of await this.#load(missing, 'call', call.id)) prepared.set(tool.name, tool);
      for (const name of names)
        if (!prepared.has(name) && name !== ASK_USER && name !== PLAN_WORKFLOW)
          prepared.set(name, this.#missingTool(name, [...prepared.keys()]));
    }
    return prepared;
  }

  /**
   * The conversation as the model gets it: without the `load_tools` exchanges it has already read
   * (their tools are in the tool list); the latest one stays, so the model sees what it just loaded.
   * What the MCP Apps on screen reported goes in front of the visitor's latest message, as untrusted
   * content (never in the system message).
   */
  messagesForModel(messages: readonly Message[]): Message[] {
    return withAppContext(withoutSpentLoads(messages), this.#source.apps?.modelContext());
  }

  async #load(names: readonly string[], via: 'load_tools' | 'call', toolCallId: string): Promise<Tool[]> {
    const tools = await this.#source.tools(names);
    const fresh = tools.map((t) => t.name).filter((name) => !this.#loaded.has(name));
    for (const tool of tools) {
      this.#loaded.add(tool.name);
      this.#vanished.delete(tool.name);
    }
    if (fresh.length > 0) {
      this.#run.emit({ type: 'mcp.tools.loaded', turn: this.#turn, names: fresh, via, toolCallId });
      this.#run.log('mcp.tools.loaded', { names: fresh, via, toolCallId });
    }
    return tools;
  }

  /** A catalog name for what the model wrote: the exact name, or the one tool whose own name it is. */
  readonly #resolve = (name: string): { name: string; known: true } | { known: false; closest: string[] } => {
    if (this.#byName.has(name)) return { name, known: true };
    const matches = [...this.#byName.values()].filter(
      (s) => s.toolName === name || s.name.endsWith(`__${name}`),
    );
    if (matches.length === 1) return { name: matches[0]!.name, known: true };
    return { known: false, closest: closestNames(name, [...this.#byName.keys()]) };
  };

  #missingTool(name: string, offered: string[]): Tool {
    const message = this.#vanished.has(name)
      ? `the tool "${name}" was unloaded: its server no longer offers it. Do not call it again.`
      : `unknown tool "${name}". Closest tools: ${closestNames(name, [...offered, ...this.#byName.keys()]).join(', ') || 'none'}.`;
    return {
      name,
      description: '',
      jsonSchema: { type: 'object' },
      validate: (value) => ({ ok: true, value }),
      execute: () => {
        throw new Error(message);
      },
    };
  }
}

/** Tool names of a `plan_workflow` call's steps. */
function stepTools(args: string): string[] {
  try {
    const steps = (JSON.parse(args) as { steps?: Array<{ tool?: unknown }> }).steps;
    return Array.isArray(steps)
      ? steps.map((s) => s?.tool).filter((t): t is string => typeof t === 'string')
      : [];
  } catch {
    return [];
  }
}
