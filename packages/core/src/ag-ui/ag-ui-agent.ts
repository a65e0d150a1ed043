import {
  AbstractAgent,
  type AgentConfig,
  type BaseEvent,
  type Message,
  type RunAgentInput,
} from '@ag-ui/client';
import { Observable } from 'rxjs';
import type { ChatAgent } from '../agent/chat-agent.js';
import { AgentChatError, ConfigurationError } from '../errors.js';
import type { AgentEvent } from '../events.js';
import type { Message as ChatMessage } from '../model/messages.js';
import { defineTool, type Tool } from '../tools/tool.js';
import { ToolRegistry } from '../tools/tool-registry.js';
import { agUIEventMapper } from './ag-ui-events.js';

/**
 * Our agent as an AG-UI agent (`@ag-ui/client`'s `AbstractAgent`, protocol 1.0), for CopilotKit, AG-UI
 * clients and anything that runs `runAgent()`. The thread id is the agent's conversation id.
 * - Frontend tools in the run input become tools of that run: when the model calls one, the run ends
 *   (`pendingToolCallIds`) and the client runs it; the next run, whose messages carry the tool result,
 *   continues the same turn. The agent must be created with a {@link ToolRegistry} to take them.
 * - Approvals (`needsApproval` tools) and clarifications end the run with AG-UI interrupts
 *   (`outcome.type: "interrupt"`, reasons `tool_approval` and `input_required`); answer them with
 *   `runAgent({ resume: [{ interruptId, status: 'resolved', payload: { approved: true } }] })`.
 */
export class AgentChatAGUIAgent extends AbstractAgent {
  readonly #agent: ChatAgent;
  /** Frontend calls waiting for the client's result: tool call id → our approval request id. */
  readonly #frontendCalls = new Map<string, string>();
  /** Results the client sent, read by the frontend tools' `execute`. */
  readonly #results = new Map<string, string>();

  constructor(agent: ChatAgent, config: AgentConfig = {}) {
    super(config);
    this.#agent = agent;
  }

  run(input: RunAgentInput): Observable<BaseEvent> {
    return new Observable<BaseEvent>((subscriber) => {
      const controller = new AbortController();
      const registered: string[] = [];
      (async () => {
        let frontend: Tool[];
        try {
          frontend = this.#frontendTools(input);
        } catch (error) {
          subscriber.next({ type: 'RUN_STARTED', threadId: input.threadId, runId: input.runId } as BaseEvent);
          const failure = error instanceof AgentChatError ? error : new ConfigurationError(String(error));
          subscriber.next({ type: 'RUN_ERROR', message: failure.message, code: failure.code } as BaseEvent);
          subscriber.complete();
          return;
        }
        const registry = this.#agent.tools as ToolRegistry;
        for (const tool of frontend) {
          registry.register(tool);
          registered.push(tool.name);
        }
        const { events, known, clientResults } = await this.#events(input, controller.signal);
        const mapper = agUIEventMapper({
          threadId: input.threadId,
          runId: input.runId,
          frontendTools: new Set(frontend.map((t) => t.name)),
          knownToolCalls: known,
          clientResults,
        });
        for await (const event of events) for (const out of mapper.map(event)) subscriber.next(out);
        for (const [toolCallId, requestId] of mapper.openings.frontendCalls)
          this.#frontendCalls.set(toolCallId, requestId);
        subscriber.complete();
      })()
        .catch((error: unknown) => subscriber.error(error))
        .finally(() => {
          for (const name of registered) (this.#agent.tools as ToolRegistry).unregister(name);
        });
      return () => controller.abort();
    });
  }

  /** The client's tools as our tools; a schema that is not a JSON Schema object names the tool. */
  #frontendTools(input: RunAgentInput): Tool[] {
    if (!input.tools?.length) return [];
    if (!(this.#agent.tools instanceof ToolRegistry))
      throw new ConfigurationError(
        'agUIAgent: the client sent frontend tools, but the agent was created with a tools array; create it with tools: new ToolRegistry([...]) so run-time tools can be added.',
      );
    return input.tools.map((tool) => {
      if (this.#agent.tools.has(tool.name))
        throw new ConfigurationError(
          `agUIAgent: the frontend tool "${tool.name}" has the name of one of the agent's own tools; rename it.`,
        );
      try {
        return defineTool({
          name: tool.name,
          description: tool.description || tool.name,
          parameters: (tool.parameters ?? { type: 'object', properties: {} }) as { type: 'object' },
          // The call pauses the run like an approval; the client runs it and sends the result back.
          needsApproval: true,
          execute: (_args, context) => this.#results.get(context.toolCallId) ?? '',
        });
      } catch (error) {
        throw new ConfigurationError(
          `agUIAgent: the frontend tool "${tool.name}" has parameters that do not parse as a JSON Schema object (${error instanceof Error ? error.message : String(error)}).`,
        );
      }
    });
  }

  /** What this run does: answer interrupts, take frontend tool results, or run the last user message. */
  async #events(input: RunAgentInput, signal: AbortSignal) {
    const agent = this.#agent;
    const answers: Array<[string, unknown]> = [];
    const known = new Set<string>();
    const clientResults = new Set<string>();
    for (const entry of input.resume ?? []) {
      const payload = entry.payload as { approved?: boolean } | undefined;
      const approval = typeof payload === 'object' && payload !== null && 'approved' in payload;
      answers.push([
        entry.interruptId,
        entry.status === 'cancelled' ? false : approval ? payload.approved === true : payload,
      ]);
    }
    for (const message of input.messages)
      if (message.role === 'tool' && this.#frontendCalls.has(message.toolCallId)) {
        const requestId = this.#frontendCalls.get(message.toolCallId) as string;
        this.#frontendCalls.delete(message.toolCallId);
        this.#results.set(message.toolCallId, textOf(message.content));
        known.add(message.toolCallId);
        clientResults.add(message.toolCallId);
        answers.push([requestId, true]);
      }
    const pending = await agent.pending(input.threadId);
    for (const request of pending) if (request.kind === 'approval') known.add(request.toolCallId);
    if (answers.length) {
      async function* respond(): AsyncGenerator<AgentEvent> {
        for (const [requestId, value] of answers) yield* agent.respond(requestId, value, { signal });
      }
      return { events: respond(), known, clientResults };
    }
    const users = input.messages.filter((m) => m.role === 'user');
    const last = users.at(-1);
    if ((await agent.store.load(input.threadId)).length === 0 && input.messages.length > 1)
      await agent.store.append(
        input.threadId,
        history(input.messages.slice(0, input.messages.lastIndexOf(last as Message))),
      );
    return {
      events: agent.run({
        message: last ? textOf(last.content) : '',
        conversationId: input.threadId,
        signal,
      }),
      known,
      clientResults,
    };
  }
}

/** Wraps our agent as an AG-UI `AbstractAgent`; see {@link AgentChatAGUIAgent}. */
export function agUIAgent(agent: ChatAgent, config?: AgentConfig): AgentChatAGUIAgent {
  return new AgentChatAGUIAgent(agent, config);
}

function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content))
    return content
      .map((part: { type?: string; text?: string }) => (part.type === 'text' ? (part.text ?? '') : ''))
      .join('');
  return '';
}

/** The text history of AG-UI messages, to seed an agent that has not seen the thread. */
function history(messages: Message[]): ChatMessage[] {
  return messages.flatMap((m): ChatMessage[] =>
    m.role === 'user' || (m.role === 'assistant' && textOf(m.content))
      ? [{ role: m.role, content: textOf(m.content) }]
      : [],
  );
}
