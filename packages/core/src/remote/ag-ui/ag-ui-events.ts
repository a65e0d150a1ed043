import { type BaseEvent, EventType } from '@ag-ui/client';
import type { AgentEventBody } from '../../events.js';
import type { PendingCall } from '../protocol-session.js';

type Fields = Record<string, unknown>;

/** Turns the AG-UI events of one run into our events, and remembers the tool calls still unanswered. */
export class AgUiEvents {
  readonly #emit: (event: AgentEventBody) => void;
  readonly #calls = new Map<string, { name: string; args: string; started: number; answered: boolean }>();
  #reasoning: { text: string; started: number } | undefined;
  #turn = 0;
  #lastDelta: unknown[] | undefined;
  finished = false;
  runError: string | undefined;

  constructor(emit: (event: AgentEventBody) => void) {
    this.#emit = emit;
  }

  event(event: BaseEvent): void {
    const e = event as BaseEvent & Fields;
    const emit = this.#emit;
    switch (event.type) {
      case EventType.STEP_STARTED:
        this.#turn++;
        emit({ type: 'supervisor.thinking', iteration: this.#turn, mode: 'native-tools' });
        break;
      case EventType.TEXT_MESSAGE_CONTENT:
        emit({ type: 'response.chunk', turn: this.#turn, text: String(e.delta ?? '') });
        break;
      case EventType.REASONING_MESSAGE_START:
        this.#reasoning = { text: '', started: Date.now() };
        break;
      case EventType.REASONING_MESSAGE_CONTENT: {
        this.#reasoning ??= { text: '', started: Date.now() };
        this.#reasoning.text += String(e.delta ?? '');
        emit({ type: 'reasoning.chunk', turn: this.#turn, text: String(e.delta ?? '') });
        break;
      }
      case EventType.REASONING_MESSAGE_END: {
        const r = this.#reasoning;
        this.#reasoning = undefined;
        if (r)
          emit({
            type: 'reasoning.done',
            turn: this.#turn,
            text: r.text,
            durationMs: Date.now() - r.started,
          });
        break;
      }
      case EventType.TOOL_CALL_START:
      case EventType.TOOL_CALL_ARGS:
      case EventType.TOOL_CALL_END:
      case EventType.TOOL_CALL_RESULT:
        this.#toolCall(event.type, e);
        break;
      case EventType.STATE_DELTA:
        this.#lastDelta = e.delta as unknown[];
        break;
      case EventType.CUSTOM: {
        const reset = resetOf(event);
        if (reset)
          // An agent-chat backend (agUIAgent) made a model call again: drop what it streamed.
          emit({ type: 'response.reset', turn: this.#turn, code: reset.code, message: reset.message });
        else emit({ type: 'remote.data', name: String(e.name), data: e.value });
        break;
      }
      case EventType.RUN_FINISHED:
        this.finished = true;
        break;
      case EventType.RUN_ERROR:
        this.runError = String(e.message ?? '');
        break;
    }
  }

  /** A tool call's start, streamed arguments, end (announced here) and result. */
  #toolCall(type: EventType, e: Fields): void {
    switch (type) {
      case EventType.TOOL_CALL_START:
        this.#calls.set(String(e.toolCallId), {
          name: String(e.toolCallName),
          args: '',
          started: Date.now(),
          answered: false,
        });
        break;
      case EventType.TOOL_CALL_ARGS: {
        const call = this.#calls.get(String(e.toolCallId));
        if (call) call.args += String(e.delta ?? '');
        break;
      }
      case EventType.TOOL_CALL_END: {
        const id = String(e.toolCallId);
        const call = this.#calls.get(id);
        if (call)
          this.#emit({
            type: 'tool.start',
            turn: this.#turn,
            toolCallId: id,
            name: call.name,
            args: parse(call.args),
          });
        break;
      }
      case EventType.TOOL_CALL_RESULT: {
        const id = String(e.toolCallId);
        const call = this.#calls.get(id);
        if (call) call.answered = true;
        const content = typeof e.content === 'string' ? e.content : JSON.stringify(e.content);
        this.#emit({
          type: 'tool.complete',
          toolCallId: id,
          name: call?.name ?? 'tool',
          result: parse(content),
          content,
          durationMs: call ? Date.now() - call.started : 0,
        });
        break;
      }
    }
  }

  /** The agent's state changed (snapshot or delta applied by the client). */
  state(state: unknown): void {
    const delta = this.#lastDelta;
    this.#lastDelta = undefined;
    this.#emit({ type: 'remote.state', state, ...(delta ? { delta } : {}) });
  }

  /** Tool calls of this run the backend did not answer (frontend tools, when a page tool has the name). */
  unanswered(): PendingCall[] {
    return [...this.#calls.entries()]
      .filter(([, call]) => !call.answered)
      .map(([toolCallId, call]) => ({
        toolCallId,
        name: call.name,
        args: parse(call.args),
        kind: 'page' as const,
      }));
  }
}

/** An agent-chat backend's `agent-chat.response.reset` (ag-ui/ag-ui-events.ts): a model call made again. */
export function resetOf(
  event: BaseEvent,
): { code: string; message: string; messageIds: string[] } | undefined {
  const e = event as BaseEvent & Fields;
  if (event.type !== EventType.CUSTOM || e.name !== 'agent-chat.response.reset') return undefined;
  const value = (e.value ?? {}) as { code?: unknown; message?: unknown; messageIds?: unknown };
  return {
    code: typeof value.code === 'string' ? value.code : 'stream_interrupted',
    message: typeof value.message === 'string' ? value.message : 'The model call was made again.',
    messageIds: Array.isArray(value.messageIds) ? value.messageIds.map(String) : [],
  };
}

function parse(text: string): unknown {
  try {
    return text.trim() ? JSON.parse(text) : {};
  } catch {
    return text;
  }
}
