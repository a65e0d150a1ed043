import { type BaseEvent, EventType, type Interrupt } from '@ag-ui/client';
import type { AgentEvent } from '../events.js';

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
export function agUIEventMapper(options: {
  threadId: string;
  runId: string;
  frontendTools: ReadonlySet<string>;
  /** Calls the client already has (continued after their answer): not announced again. */
  knownToolCalls: ReadonlySet<string>;
  /** Frontend calls whose results the client sent: their results are not sent back. */
  clientResults: ReadonlySet<string>;
}) {
  const { threadId, runId, frontendTools } = options;
  const known = new Set(options.knownToolCalls);
  const openings: RunOpenings = { frontendCalls: new Map(), interrupts: [] };
  const usage = { inputTokens: 0, outputTokens: 0, totalTokens: 0, model: '' };
  let assistantId = id('msg');
  let text: string | undefined;
  let reasoning: string | undefined;
  /** The messages this model turn streamed so far (dropped by `response.reset`). */
  let turnMessages: string[] = [];
  let failed = false;

  const closeText = (out: BaseEvent[]) => {
    if (text) out.push({ type: EventType.TEXT_MESSAGE_END, messageId: text } as BaseEvent);
    text = undefined;
  };
  const closeReasoning = (out: BaseEvent[]) => {
    if (!reasoning) return;
    out.push({ type: EventType.REASONING_MESSAGE_END, messageId: reasoning } as BaseEvent);
    out.push({ type: EventType.REASONING_END, messageId: reasoning } as BaseEvent);
    reasoning = undefined;
  };
  const announce = (out: BaseEvent[], toolCallId: string, name: string, args: unknown) => {
    if (known.has(toolCallId)) return;
    known.add(toolCallId);
    closeText(out);
    closeReasoning(out);
    out.push(
      {
        type: EventType.TOOL_CALL_START,
        toolCallId,
        toolCallName: name,
        parentMessageId: assistantId,
      } as BaseEvent,
      { type: EventType.TOOL_CALL_ARGS, toolCallId, delta: JSON.stringify(args ?? {}) } as BaseEvent,
      { type: EventType.TOOL_CALL_END, toolCallId } as BaseEvent,
    );
  };
  const result = (out: BaseEvent[], toolCallId: string, content: string) => {
    if (options.clientResults.has(toolCallId)) return;
    out.push({
      type: EventType.TOOL_CALL_RESULT,
      messageId: id('tool'),
      toolCallId,
      content,
      role: 'tool',
    } as BaseEvent);
  };

  return {
    openings,
    map(event: AgentEvent): BaseEvent[] {
      const out: BaseEvent[] = [];
      if (failed) return out;
      switch (event.type) {
        case 'run.start':
          out.push({ type: EventType.RUN_STARTED, threadId, runId } as BaseEvent);
          break;
        case 'supervisor.thinking':
          closeText(out);
          closeReasoning(out);
          assistantId = id('msg');
          turnMessages = [];
          break;
        case 'response.reset':
          // AG-UI cannot take a message back: this event names the messages of the model call made again
          // (our remote agent drops them: remote/ag-ui/ag-ui-events.ts); the retry streams into a new one.
          closeText(out);
          closeReasoning(out);
          out.push({
            type: EventType.CUSTOM,
            name: 'agent-chat.response.reset',
            value: { turn: event.turn, code: event.code, message: event.message, messageIds: turnMessages },
          } as BaseEvent);
          assistantId = id('msg');
          turnMessages = [];
          break;
        case 'reasoning.chunk':
          if (!reasoning) {
            reasoning = id('reasoning');
            turnMessages.push(reasoning);
            out.push({ type: EventType.REASONING_START, messageId: reasoning } as BaseEvent);
            out.push({
              type: EventType.REASONING_MESSAGE_START,
              messageId: reasoning,
              role: 'reasoning',
            } as BaseEvent);
          }
          out.push({
            type: EventType.REASONING_MESSAGE_CONTENT,
            messageId: reasoning,
            delta: event.text,
          } as BaseEvent);
          break;
        case 'reasoning.done':
          closeReasoning(out);
          break;
        case 'response.chunk':
          closeReasoning(out);
          if (!text) {
            text = assistantId;
            turnMessages.push(text);
            out.push({ type: EventType.TEXT_MESSAGE_START, messageId: text, role: 'assistant' } as BaseEvent);
          }
          out.push({ type: EventType.TEXT_MESSAGE_CONTENT, messageId: text, delta: event.text } as BaseEvent);
          break;
        case 'response.done':
          closeText(out);
          break;
        case 'tool.start':
          announce(out, event.toolCallId, event.name, event.args);
          break;
        case 'tool.complete':
          result(out, event.toolCallId, event.content);
          break;
        case 'tool.error':
          result(out, event.toolCallId, `Error: ${event.error}`);
          break;
        case 'approval.request':
          announce(out, event.toolCallId, event.name, event.args);
          if (frontendTools.has(event.name)) openings.frontendCalls.set(event.toolCallId, event.requestId);
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
        case 'workflow.step.start':
          out.push({ type: EventType.STEP_STARTED, stepName: `${event.stepId}: ${event.name}` } as BaseEvent);
          break;
        case 'workflow.step.complete':
          out.push({
            type: EventType.STEP_FINISHED,
            stepName: `${event.stepId}: ${event.name}`,
          } as BaseEvent);
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
          closeText(out);
          closeReasoning(out);
          failed = true;
          out.push({ type: EventType.RUN_ERROR, message: event.message, code: event.code } as BaseEvent);
          break;
        case 'run.finish': {
          closeText(out);
          closeReasoning(out);
          const pending = [...openings.frontendCalls.keys()];
          const outcome = openings.interrupts.length
            ? { type: 'interrupt', interrupts: openings.interrupts }
            : event.status === 'aborted'
              ? { type: 'cancelled' }
              : { type: 'success', ...(pending.length ? { pendingToolCallIds: pending } : {}) };
          out.push({
            type: EventType.RUN_FINISHED,
            threadId,
            runId,
            outcome,
            ...(usage.totalTokens ? { usage: [usage] } : {}),
          } as BaseEvent);
          break;
        }
        default:
          // Not part of the AG-UI stream; a new event type must be mapped above or listed here.
          event satisfies {
            type:
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
