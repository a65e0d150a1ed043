import type { ToolCall } from '../messages.js';

interface PendingCall {
  index: number;
  id: string;
  name: string;
  arguments: string;
}

/** One streamed fragment of a tool call, as OpenAI-style providers send it (keyed by `index`). */
export interface ToolCallFragment {
  index: number;
  id?: string | undefined;
  name?: string | undefined;
  argumentsDelta?: string | undefined;
}

/**
 * Assembles tool calls whose id, name and argument JSON arrive in fragments across stream chunks.
 * Fragments are keyed by index because later fragments usually omit the id.
 */
export class ToolCallAccumulator {
  readonly #calls = new Map<number, PendingCall>();

  /** Adds a fragment; returns whether this fragment opened a new call. */
  add(fragment: ToolCallFragment): { started: boolean; call: Readonly<PendingCall> } {
    let call = this.#calls.get(fragment.index);
    const started = call === undefined;
    if (!call) {
      // Some servers (llama.cpp, older vLLM) omit ids: synthesize a stable one so results can be matched.
      call = { index: fragment.index, id: fragment.id || `call_${fragment.index}`, name: '', arguments: '' };
      this.#calls.set(fragment.index, call);
    } else if (fragment.id && call.id.startsWith('call_') && call.id === `call_${fragment.index}`) {
      call.id = fragment.id;
    }
    if (fragment.name) call.name += fragment.name;
    if (fragment.argumentsDelta) call.arguments += fragment.argumentsDelta;
    return { started, call };
  }

  /** The completed calls in index order. */
  finish(): ToolCall[] {
    return [...this.#calls.values()]
      .sort((a, b) => a.index - b.index)
      .map(({ id, name, arguments: args }) => ({ id, name, arguments: args }));
  }

  get size(): number {
    return this.#calls.size;
  }
}
