import type { UIMessageChunk } from 'ai';
import type { AgentEventBody } from '../../events.js';
import { outputText } from '../protocol-session.js';

/** Turns UI message chunks into our events, keeping what a chunk alone does not say (tool names, timings). */
export class ChunkEvents {
  readonly #emit: (event: AgentEventBody) => void;
  readonly #tools = new Map<string, { name: string; started: number }>();
  readonly #reasoning = new Map<string, { text: string; started: number }>();
  /** Tool calls whose input streams (`tool.input`): id → name and the text so far. */
  readonly #inputs = new Map<string, { name: string; text: string }>();
  #turn = 0;

  constructor(emit: (event: AgentEventBody) => void) {
    this.#emit = emit;
  }

  chunk(chunk: UIMessageChunk): void {
    const emit = this.#emit;
    switch (chunk.type) {
      case 'start-step':
        this.#turn++;
        emit({ type: 'supervisor.thinking', iteration: this.#turn, mode: 'native-tools' });
        break;
      case 'text-delta':
        emit({ type: 'response.chunk', turn: this.#turn, text: chunk.delta });
        break;
      case 'reasoning-start':
      case 'reasoning-delta':
      case 'reasoning-end':
        this.#reasoningChunk(chunk);
        break;
      case 'tool-input-start':
      case 'tool-input-delta':
        this.#inputChunk(chunk);
        break;
      case 'tool-input-available':
        this.#inputs.delete(chunk.toolCallId);
        this.#tools.set(chunk.toolCallId, { name: chunk.toolName, started: Date.now() });
        emit({
          type: 'tool.start',
          turn: this.#turn,
          toolCallId: chunk.toolCallId,
          name: chunk.toolName,
          args: chunk.input,
        });
        break;
      case 'tool-input-error':
        emit({
          type: 'tool.error',
          toolCallId: chunk.toolCallId,
          name: chunk.toolName,
          error: chunk.errorText,
          durationMs: 0,
        });
        break;
      case 'tool-output-available':
      case 'tool-output-error':
      case 'tool-output-denied':
        this.#output(chunk);
        break;
      case 'data-response-reset': {
        // An agent-chat backend (`toUIMessageStream`) made a model call again: drop what it streamed.
        const { code, message } = (chunk.data ?? {}) as { code?: string; message?: string };
        emit({
          type: 'response.reset',
          turn: this.#turn,
          code: code ?? 'stream_interrupted',
          message: message ?? 'The model call was made again.',
        });
        break;
      }
      default:
        if (chunk.type.startsWith('data-')) {
          const data = chunk as { type: `data-${string}`; id?: string; data: unknown };
          emit({
            type: 'remote.data',
            name: data.type.slice(5),
            ...(data.id ? { id: data.id } : {}),
            data: data.data,
          });
        }
    }
  }

  /** A reasoning block: its start, a delta (streamed on), its end (the whole text with its duration). */
  #reasoningChunk(chunk: Extract<UIMessageChunk, { type: `reasoning-${'start' | 'delta' | 'end'}` }>): void {
    if (chunk.type === 'reasoning-start') {
      this.#reasoning.set(chunk.id, { text: '', started: Date.now() });
      return;
    }
    if (chunk.type === 'reasoning-delta') {
      const r = this.#reasoning.get(chunk.id) ?? { text: '', started: Date.now() };
      r.text += chunk.delta;
      this.#reasoning.set(chunk.id, r);
      this.#emit({ type: 'reasoning.chunk', turn: this.#turn, text: chunk.delta });
      return;
    }
    const r = this.#reasoning.get(chunk.id);
    this.#reasoning.delete(chunk.id);
    if (r)
      this.#emit({
        type: 'reasoning.done',
        turn: this.#turn,
        text: r.text,
        durationMs: Date.now() - r.started,
      });
  }

  /** A tool call's input as it streams: `tool.input` with all the text so far. */
  #inputChunk(chunk: Extract<UIMessageChunk, { type: `tool-input-${'start' | 'delta'}` }>): void {
    if (chunk.type === 'tool-input-start') {
      this.#inputs.set(chunk.toolCallId, { name: chunk.toolName, text: '' });
      return;
    }
    const input = this.#inputs.get(chunk.toolCallId);
    if (!input) return;
    input.text += chunk.inputTextDelta;
    this.#emit({
      type: 'tool.input',
      turn: this.#turn,
      toolCallId: chunk.toolCallId,
      name: input.name,
      argsText: input.text,
    });
  }

  /** A tool's output: preliminary (progress), its result, its error, or the user's refusal. */
  #output(chunk: Extract<UIMessageChunk, { type: `tool-output-${'available' | 'error' | 'denied'}` }>): void {
    const { toolCallId } = chunk;
    if (chunk.type === 'tool-output-available' && chunk.preliminary) {
      this.#emit({ type: 'tool.progress', toolCallId, progress: 0, message: outputText(chunk.output) });
      return;
    }
    const { name, durationMs } = this.#end(toolCallId);
    this.#emit(
      chunk.type === 'tool-output-available'
        ? {
            type: 'tool.complete',
            toolCallId,
            name,
            result: chunk.output,
            content: outputText(chunk.output),
            durationMs,
          }
        : {
            type: 'tool.error',
            toolCallId,
            name,
            error: chunk.type === 'tool-output-error' ? chunk.errorText : 'Declined by the user.',
            durationMs,
          },
    );
  }

  #end(toolCallId: string): { name: string; durationMs: number } {
    const tool = this.#tools.get(toolCallId);
    this.#tools.delete(toolCallId);
    return { name: tool?.name ?? 'tool', durationMs: tool ? Date.now() - tool.started : 0 };
  }
}
