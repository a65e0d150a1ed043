// The types of one run, shared by its steps (run-agent.ts runs them in order).
import type { RunStatus } from '../../events.js';
import type { RunMemory } from '../../memory/run-memory.js';
import type { ToolSpec } from '../../model/chat-model.js';
import type { Message } from '../../model/messages.js';
import type { Tool } from '../../tools/tool.js';
import type * as JsonDecision from '../json-decision.js';
import type { McpRunTools } from '../mcp-run-tools.js';
import type { ModelTurn } from '../model-turn.js';
import type * as Reflection from '../reflection.js';
import type { RunCheckpoint } from '../run-checkpoint-store.js';
import type { RunInput } from '../run-input.js';
import type { RunSettings } from '../run-settings.js';

/** How a run starts: a user message, or the continuation of a paused run after `agent.respond`. */
export type RunStart = RunInput | { resume: RunCheckpoint; signal?: AbortSignal };

/** What a run has done so far; written to the store and announced when it ends, however it ends. */
export interface RunState {
  /** Messages of this run, in order, stored in one append at the end. */
  finished: Message[];
  /** Model calls made. */
  turns: number;
  status: RunStatus;
  /** Why the run stopped, for `run.finish` (max turns, waiting, blocked, the error). */
  message?: string | undefined;
  /** The paused run to save, when a tool call waits for the user. */
  pending?: RunCheckpoint | undefined;
  memory?: RunMemory | undefined;
}

/** What the turns of one run use: the settings (with memory's tools) and the features the agent has on. */
export interface RunLoop {
  settings: RunSettings;
  /** The conversation before this run. */
  history: readonly Message[];
  memory: RunMemory | undefined;
  /** JSON decisions, for a model without tool calling. */
  json: typeof JsonDecision | undefined;
  reflection: typeof Reflection | undefined;
  planWorkflow: ToolSpec | undefined;
  mcpTools: McpRunTools | undefined;
}

/** One turn's request, before the decision. */
export interface TurnInput {
  /** The tools of this turn (the app's, plus MCP tools loaded so far) and the settings holding them. */
  tools: ReadonlyMap<string, Tool>;
  settings: RunSettings;
  specs: ToolSpec[];
  systemPrompt: string | undefined;
  conversation: Message[];
  /** After a reflection verdict: the model must answer, without tools. */
  answerOnly: boolean;
}

/** What the supervisor decided in one turn; a JSON-mode decision also says why. */
export interface Decision extends ModelTurn {
  reason?: string;
}
