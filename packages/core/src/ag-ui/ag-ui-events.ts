import { type BaseEvent, EventType, type Interrupt } from '@ag-ui/client';
import type { AgentEvent, AgentEventOf } from '../events.js';

/** What a run left open for the client: frontend tool calls to run, interrupts to answer. */
export interface RunOpenings {
  /** Frontend tool calls (the client runs them): tool call id → our approval request id. */
  frontendCalls: Map<string, string>;
  interrupts: Interrupt[];
}

const id = (prefix: string) => `${prefix}_${crypto.randomUUID().replaceAll('-', '').slice(0, 16)}`;

/**
 * Maps our agent's events to AG-UI events for one run: text and reasoning messages, tool calls and their
 * results, workflow steps as STEP_STARTED / STEP_FINISHED, workflows as CUSTOM events, approvals and
 * clarifications as interrupts (AG-UI 1.0's human-in-the-loop), frontend tools as calls the client runs.
 */
export function agUIEventMapper(options: MapperOptions) {
  const run: RunMapping = {
    options,
    known: new Set(options.knownToolCalls),
    openings: { frontendCalls: new Map(), interrupts: [] },
    usage: { inputTokens: 0, outputTokens: 0, totalTokens: 0, model: '' },
    assistantId: id('msg'),
    text: undefined,
    reasoning: undefined,
    turnMessages: [],
    failed: false,
  };

  return {
    openings: run.openings,
    map(event: AgentEvent): BaseEvent[] {
      const out: BaseEvent[] = [];
      if (run.failed) return out;
      switch (event.type) {
        case 'supervisor.thinking':
        case 'response.reset':
        case 'reasoning.chunk':
        case 'reasoning.done':
        case 'response.chunk':
        case 'response.done':
          mapMessage(run, event, out);
          break;
        case 'tool.start':
        case 'tool.complete':
        case 'tool.error':
        case 'approval.request':
        case 'clarify.request':
          mapTool(run, event, out);
          break;
        case 'run.start':
        case 'workflow.step.start':
        case 'workflow.step.complete':
        case 'workflow.created':
        case 'workflow.complete':
        case 'usage':
        case 'error':
        case 'run.finish':
          mapRun(run, event, out);
          break;
        default:
          // Not part of the AG-UI stream; a new event type must be mapped above or listed here. (`tool.input`:
          // the arguments go whole with the call's TOOL_CALL_ARGS at `tool.start`.)
          event satisfies {
            type:
              | 'tool.input'
              | 'supervisor.decided'
              | 'supervisor.reflected'
              | 'tool.progress'
              | 'tool.content'
              | 'model.loading'
              | 'model.decided'
              | 'mcp.tools.loaded'
              | 'remote.data'
              | 'remote.state'
              | 'context.compacted';
          };
          break;
      }
      return out;
    },
  };
}

interface MapperOptions {
  threadId: string;
  runId: string;
  frontendTools: ReadonlySet<string>;
  /** Calls the client already has (continued after their answer): not announced again. */
  knownToolCalls: ReadonlySet<string>;
  /** Frontend calls whose results the client sent: their results are not sent back. */
  clientResults: ReadonlySet<string>;
}

/** Where one run's mapping stands: the open messages and what the run leaves for the client. */
interface RunMapping {
  readonly options: MapperOptions;
  readonly known: Set<string>;
  readonly openings: RunOpenings;
  readonly usage: { inputTokens: number; outputTokens: number; totalTokens: number; model: string };
  assistantId: string;
  text: string | undefined;
  reasoning: string | undefined;
  /** The messages this model turn streamed so far (dropped by `response.reset`). */
  turnMessages: string[];
  failed: boolean;
}

function closeText(run: RunMapping, out: BaseEvent[]): void {
  if (run.text) out.push({ type: EventType.TEXT_MESSAGE_END, messageId: run.text } as BaseEvent);
  run.text = undefined;
}

function closeReasoning(run: RunMapping, out: BaseEvent[]): void {
  const { reasoning } = run;
  if (!reasoning) return;
  out.push({ type: EventType.REASONING_MESSAGE_END, messageId: reasoning } as BaseEvent);
  out.push({ type: EventType.REASONING_END, messageId: reasoning } as BaseEvent);
  run.reasoning = undefined;
}

/** Closes the open messages and starts the next model turn's message. */
function newTurn(run: RunMapping, out: BaseEvent[]): void {
  closeText(run, out);
  closeReasoning(run, out);
  run.assistantId = id('msg');
  run.turnMessages = [];
}

function mapMessage(
  run: RunMapping,
  event: AgentEventOf<
    | 'supervisor.thinking'
    | 'response.reset'
    | 'reasoning.chunk'
    | 'reasoning.done'
    | 'response.chunk'
    | 'response.done'
  >,
  out: BaseEvent[],
): void {
  switch (event.type) {
    case 'supervisor.thinking':
      newTurn(run, out);
      break;
    case 'response.reset': {
      // AG-UI cannot take a message back: this event names the messages of the model call made again
      // (our remote agent drops them: remote/ag-ui/ag-ui-events.ts); the retry streams into a new one.
      const messageIds = run.turnMessages;
      closeText(run, out);
      closeReasoning(run, out);
      out.push({
        type: EventType.CUSTOM,
        name: 'agent-chat.response.reset',
        value: { turn: event.turn, code: event.code, message: event.message, messageIds },
      } as BaseEvent);
      newTurn(run, out);
      break;
    }
    case 'reasoning.chunk':
      if (!run.reasoning) {
        const reasoning = id('reasoning');
        run.reasoning = reasoning;
        run.turnMessages.push(reasoning);
        out.push({ type: EventType.REASONING_START, messageId: reasoning } as BaseEvent);
        out.push({
          type: EventType.REASONING_MESSAGE_START,
          messageId: reasoning,
          role: 'reasoning',
        } as BaseEvent);
      }
      out.push({
        type: EventType.REASONING_MESSAGE_CONTENT,
        messageId: run.reasoning,
        delta: event.text,
      } as BaseEvent);
      break;
    case 'reasoning.done':
      closeReasoning(run, out);
      break;
    case 'response.chunk':
      closeReasoning(run, out);
      if (!run.text) {
        run.text = run.assistantId;
        run.turnMessages.push(run.text);
        out.push({ type: EventType.TEXT_MESSAGE_START, messageId: run.text, role: 'assistant' } as BaseEvent);
      }
      out.push({ type: EventType.TEXT_MESSAGE_CONTENT, messageId: run.text, delta: event.text } as BaseEvent);
      break;
    case 'response.done':
      closeText(run, out);
      break;
  }
}

function announce(run: RunMapping, out: BaseEvent[], toolCallId: string, name: string, args: unknown): void {
  if (run.known.has(toolCallId)) return;
  run.known.add(toolCallId);
  closeText(run, out);
  closeReasoning(run, out);
  out.push(
    {
      type: EventType.TOOL_CALL_START,
      toolCallId,
      toolCallName: name,
      parentMessageId: run.assistantId,
    } as BaseEvent,
    { type: EventType.TOOL_CALL_ARGS, toolCallId, delta: JSON.stringify(args ?? {}) } as BaseEvent,
    { type: EventType.TOOL_CALL_END, toolCallId } as BaseEvent,
  );
}

function result(run: RunMapping, out: BaseEvent[], toolCallId: string, content: string): void {
  if (run.options.clientResults.has(toolCallId)) return;
  out.push({
    type: EventType.TOOL_CALL_RESULT,
    messageId: id('tool'),
    toolCallId,
    content,
    role: 'tool',
  } as BaseEvent);
}

function mapTool(
  run: RunMapping,
  event: AgentEventOf<'tool.start' | 'tool.complete' | 'tool.error' | 'approval.request' | 'clarify.request'>,
  out: BaseEvent[],
): void {
  const { openings } = run;
  switch (event.type) {
    case 'tool.start':
      announce(run, out, event.toolCallId, event.name, event.args);
      break;
    case 'tool.complete':
      result(run, out, event.toolCallId, event.content);
      break;
    case 'tool.error':
      result(run, out, event.toolCallId, `Error: ${event.error}`);
      break;
    case 'approval.request':
      announce(run, out, event.toolCallId, event.name, event.args);
      if (run.options.frontendTools.has(event.name))
        openings.frontendCalls.set(event.toolCallId, event.requestId);
      else
        openings.interrupts.push({
          id: event.requestId,
          reason: 'tool_approval',
          message: `Approve the call of ${event.name}?`,
          toolCallId: event.toolCallId,
          responseSchema: {
            type: 'object',
            properties: { approved: { type: 'boolean' } },
            required: ['approved'],
          },
        });
      break;
    case 'clarify.request':
      openings.interrupts.push({
        id: event.requestId,
        reason: event.source === 'mcp-auth' ? 'sign_in' : 'input_required',
        message: event.question,
        ...(event.schema ? { responseSchema: event.schema } : {}),
      });
      break;
  }
}

function mapRun(
  run: RunMapping,
  event: AgentEventOf<
    | 'run.start'
    | 'workflow.step.start'
    | 'workflow.step.complete'
    | 'workflow.created'
    | 'workflow.complete'
    | 'usage'
    | 'error'
    | 'run.finish'
  >,
  out: BaseEvent[],
): void {
  const { threadId, runId } = run.options;
  const { usage } = run;
  switch (event.type) {
    case 'run.start':
      out.push({ type: EventType.RUN_STARTED, threadId, runId } as BaseEvent);
      break;
    case 'workflow.step.start':
      out.push({ type: EventType.STEP_STARTED, stepName: `${event.stepId}: ${event.name}` } as BaseEvent);
      break;
    case 'workflow.step.complete':
      out.push({ type: EventType.STEP_FINISHED, stepName: `${event.stepId}: ${event.name}` } as BaseEvent);
      break;
    case 'workflow.created':
    case 'workflow.complete': {
      const { runId: _r, seq: _s, ts: _t, ...value } = event;
      out.push({ type: EventType.CUSTOM, name: `agent-chat.${event.type}`, value } as BaseEvent);
      break;
    }
    case 'usage':
      usage.inputTokens += event.usage.inputTokens;
      usage.outputTokens += event.usage.outputTokens;
      usage.totalTokens += event.usage.totalTokens;
      usage.model = event.model;
      break;
    case 'error':
      closeText(run, out);
      closeReasoning(run, out);
      run.failed = true;
      out.push({ type: EventType.RUN_ERROR, message: event.message, code: event.code } as BaseEvent);
      break;
    case 'run.finish':
      closeText(run, out);
      closeReasoning(run, out);
      out.push({
        type: EventType.RUN_FINISHED,
        threadId,
        runId,
        outcome: outcome(run.openings, event.status),
        ...(usage.totalTokens ? { usage: [usage] } : {}),
      } as BaseEvent);
      break;
  }
}

/** How the run ended for the client: interrupts to answer, cancelled, or success (with calls to run). */
function outcome(openings: RunOpenings, status: AgentEventOf<'run.finish'>['status']) {
  const pending = [...openings.frontendCalls.keys()];
  return openings.interrupts.length
    ? { type: 'interrupt', interrupts: openings.interrupts }
    : status === 'aborted'
      ? { type: 'cancelled' }
      : { type: 'success', ...(pending.length ? { pendingToolCallIds: pending } : {}) };
}
