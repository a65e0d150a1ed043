import type { UIMessageChunk } from 'ai';
import type { AgentEvent, AgentEventOf, RunStatus } from '../events.js';

/** Message metadata the stream's `finish` chunk sets on the assistant message. */
export interface AgentMessageMetadata {
  runId?: string;
  status?: RunStatus;
  usage?: { inputTokens: number; outputTokens: number; totalTokens: number };
  costUsd?: number;
}

/** Options of {@link toUIMessageStream}. */
export interface ToUIMessageStreamOptions {
  /** Id of the assistant message (the `start` chunk's `messageId`). */
  messageId?: string;
  /** Tool calls the client already shows (approved calls of a resumed run): their input is not sent again. */
  knownToolCalls?: Iterable<string>;
  /** Tool calls the user denied: each gets a `tool-output-denied` chunk. */
  deniedToolCalls?: Iterable<string>;
}

/**
 * Our agent's events as the AI SDK's UI message stream (the chunks `useChat`, `Chat` and
 * `readUIMessageStream` read): text and reasoning blocks, one step per model turn, tool input and output,
 * approval requests (answered with `addToolApprovalResponse`), data parts for clarifications
 * (`data-clarify`), a model call made again after its stream was cut (`data-response-reset`: the parts of
 * its step before it are the dropped attempt; our remote agent maps it back to `response.reset`), workflows (`data-workflow`) and their steps (`data-workflow-step`), transient parts for tool
 * progress (`data-tool-progress`) and a local model's download (`data-model-loading`, for `onData`), errors, and a
 * `finish` whose message metadata carries the run's usage.
 *
 * @example
 * const stream = toUIMessageStream(agent.run({ message: 'Hi' }));
 * for await (const message of readUIMessageStream({ stream })) render(message);
 */
export function toUIMessageStream(
  events: AsyncIterable<AgentEvent>,
  options: ToUIMessageStreamOptions = {},
): ReadableStream<UIMessageChunk> {
  const iterator = events[Symbol.asyncIterator]();
  const mapper = new ChunkMapper(options);
  return new ReadableStream<UIMessageChunk>({
    async pull(controller) {
      // Read until this event produced chunks (or the run ended), so each pull delivers something.
      while (true) {
        let next: IteratorResult<AgentEvent>;
        try {
          next = await iterator.next();
        } catch (error) {
          controller.enqueue({
            type: 'error',
            errorText: error instanceof Error ? error.message : String(error),
          });
          controller.close();
          return;
        }
        if (next.done) {
          for (const chunk of mapper.end()) controller.enqueue(chunk);
          controller.close();
          return;
        }
        const chunks = mapper.map(next.value);
        for (const chunk of chunks) controller.enqueue(chunk);
        if (chunks.length) return;
      }
    },
    async cancel() {
      await iterator.return?.();
    },
  });
}

/** The stateful part of the mapping: open text / reasoning blocks, the current step, usage so far. */
class ChunkMapper {
  readonly #options: ToUIMessageStreamOptions;
  readonly #known: Set<string>;
  readonly #denied: string[];
  readonly #metadata: AgentMessageMetadata = {};
  #started = false;
  #inStep = false;
  #finished = false;
  #open: { kind: 'text' | 'reasoning'; id: string } | undefined;
  #blocks = 0;
  #resets = 0;

  constructor(options: ToUIMessageStreamOptions) {
    this.#options = options;
    this.#known = new Set(options.knownToolCalls ?? []);
    this.#denied = [...(options.deniedToolCalls ?? [])];
  }

  map(event: AgentEvent): UIMessageChunk[] {
    const out: UIMessageChunk[] = [];
    this.#metadata.runId = event.runId;
    this.#start(out);
    switch (event.type) {
      case 'supervisor.thinking':
        this.#endStep(out);
        this.#step(out);
        break;
      case 'reasoning.chunk':
        this.#step(out);
        out.push({ type: 'reasoning-delta', id: this.#block(out, 'reasoning'), delta: event.text });
        break;
      case 'reasoning.done':
        if (this.#open?.kind === 'reasoning') this.#closeBlock(out);
        break;
      case 'response.chunk':
        this.#step(out);
        out.push({ type: 'text-delta', id: this.#block(out, 'text'), delta: event.text });
        break;
      case 'response.done':
        this.#closeBlock(out);
        break;
      case 'response.reset':
        // The stream has no way to take text back: the marker says that this step's parts before it were
        // a model call made again (its retry follows), for the client to hide.
        this.#closeBlock(out);
        out.push({
          type: 'data-response-reset',
          id: `reset-${this.#resets++}`,
          data: { turn: event.turn, code: event.code, message: event.message },
        });
        break;
      case 'tool.start':
      case 'approval.request':
        this.#step(out);
        this.#closeBlock(out);
        this.#input(out, event.toolCallId, event.name, event.args);
        if (event.type === 'approval.request')
          out.push({
            type: 'tool-approval-request',
            approvalId: event.requestId,
            toolCallId: event.toolCallId,
          });
        break;
      case 'usage':
        addUsage(this.#metadata, event);
        break;
      case 'run.finish':
        this.#endStep(out);
        this.#metadata.status = event.status;
        this.#finished = true;
        out.push(finishChunk(event, this.#metadata));
        break;
      default: {
        const chunk = statelessChunk(event);
        if (chunk) out.push(chunk);
      }
    }
    return out;
  }

  end(): UIMessageChunk[] {
    const out: UIMessageChunk[] = [];
    this.#start(out);
    if (!this.#finished) {
      this.#endStep(out);
      out.push({ type: 'finish', messageMetadata: { ...this.#metadata } });
    }
    return out;
  }

  #closeBlock(out: UIMessageChunk[]): void {
    if (this.#open) out.push({ type: `${this.#open.kind}-end`, id: this.#open.id });
    this.#open = undefined;
  }

  #block(out: UIMessageChunk[], kind: 'text' | 'reasoning'): string {
    if (this.#open?.kind === kind) return this.#open.id;
    this.#closeBlock(out);
    const id = `${kind}-${this.#blocks++}`;
    this.#open = { kind, id };
    out.push({ type: `${kind}-start`, id });
    return id;
  }

  #step(out: UIMessageChunk[]): void {
    if (!this.#inStep) out.push({ type: 'start-step' });
    this.#inStep = true;
  }

  #endStep(out: UIMessageChunk[]): void {
    this.#closeBlock(out);
    if (this.#inStep) out.push({ type: 'finish-step' });
    this.#inStep = false;
  }

  #start(out: UIMessageChunk[]): void {
    if (this.#started) return;
    this.#started = true;
    const { messageId } = this.#options;
    out.push(messageId ? { type: 'start', messageId } : { type: 'start' });
    if (this.#denied.length) {
      this.#step(out);
      for (const toolCallId of this.#denied) out.push({ type: 'tool-output-denied', toolCallId });
    }
  }

  #input(out: UIMessageChunk[], toolCallId: string, toolName: string, args: unknown): void {
    if (this.#known.has(toolCallId)) return;
    this.#known.add(toolCallId);
    out.push({ type: 'tool-input-start', toolCallId, toolName });
    out.push({ type: 'tool-input-available', toolCallId, toolName, input: args ?? {} });
  }
}

/** The chunk of an event that needs no state (tool outputs, data parts, errors), if it has one. */
function statelessChunk(event: AgentEvent): UIMessageChunk | undefined {
  switch (event.type) {
    case 'tool.complete':
      return {
        type: 'tool-output-available',
        toolCallId: event.toolCallId,
        output: event.result ?? event.content,
      };
    case 'tool.error':
      return { type: 'tool-output-error', toolCallId: event.toolCallId, errorText: event.error };
    case 'clarify.request': {
      const { requestId, question, source, schema } = event;
      return {
        type: 'data-clarify',
        id: requestId,
        data: { requestId, question, source, ...(schema ? { schema } : {}) },
      };
    }
    case 'tool.progress': {
      const { type: _type, runId: _r, seq: _s, ts: _t, ...data } = event;
      return { type: 'data-tool-progress', id: event.toolCallId, data, transient: true };
    }
    case 'model.loading': {
      const { type: _type, runId: _r, seq: _s, ts: _t, ...data } = event;
      return { type: 'data-model-loading', id: event.model, data, transient: true };
    }
    case 'workflow.created':
    case 'workflow.complete': {
      const { type, runId: _r, seq: _s, ts: _t, ...data } = event;
      return { type: 'data-workflow', id: event.workflowId, data: { event: type, ...data } };
    }
    case 'workflow.step.start':
    case 'workflow.step.complete': {
      const { type, runId: _r, seq: _s, ts: _t, ...data } = event;
      return {
        type: 'data-workflow-step',
        id: `${event.workflowId}:${event.stepId}`,
        data: { event: type, ...data },
      };
    }
    case 'error':
      return { type: 'error', errorText: event.message };
    default:
      return undefined;
  }
}

function addUsage(metadata: AgentMessageMetadata, event: AgentEventOf<'usage'>): void {
  const sum = metadata.usage ?? { inputTokens: 0, outputTokens: 0, totalTokens: 0 };
  metadata.usage = {
    inputTokens: sum.inputTokens + event.usage.inputTokens,
    outputTokens: sum.outputTokens + event.usage.outputTokens,
    totalTokens: sum.totalTokens + event.usage.totalTokens,
  };
  if (event.costUsd !== undefined) metadata.costUsd = (metadata.costUsd ?? 0) + event.costUsd;
}

/** `abort` for a stopped run, else `finish` with the run's metadata. */
function finishChunk(event: AgentEventOf<'run.finish'>, metadata: AgentMessageMetadata): UIMessageChunk {
  if (event.status === 'aborted') return { type: 'abort', reason: event.message ?? 'stopped' };
  return {
    type: 'finish',
    finishReason:
      event.status === 'completed'
        ? 'stop'
        : event.status === 'max-turns'
          ? 'length'
          : event.status === 'failed'
            ? 'error'
            : 'other',
    messageMetadata: { ...metadata },
  };
}
