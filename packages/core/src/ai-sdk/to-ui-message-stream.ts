import type { UIMessageChunk } from 'ai';
import type { AgentEvent, RunStatus } from '../events.js';

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
  const mapper = chunkMapper(options);
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
function chunkMapper(options: ToUIMessageStreamOptions) {
  const known = new Set(options.knownToolCalls ?? []);
  const denied = [...(options.deniedToolCalls ?? [])];
  const metadata: AgentMessageMetadata = {};
  let started = false;
  let inStep = false;
  let finished = false;
  let open: { kind: 'text' | 'reasoning'; id: string } | undefined;
  let blocks = 0;
  let resets = 0;

  const closeBlock = (out: UIMessageChunk[]) => {
    if (open) out.push({ type: `${open.kind}-end`, id: open.id });
    open = undefined;
  };
  const block = (out: UIMessageChunk[], kind: 'text' | 'reasoning') => {
    if (open?.kind !== kind) {
      closeBlock(out);
      open = { kind, id: `${kind}-${blocks++}` };
      out.push({ type: `${kind}-start`, id: open.id });
    }
    return open.id;
  };
  const step = (out: UIMessageChunk[]) => {
    if (!inStep) out.push({ type: 'start-step' });
    inStep = true;
  };
  const endStep = (out: UIMessageChunk[]) => {
    closeBlock(out);
    if (inStep) out.push({ type: 'finish-step' });
    inStep = false;
  };
  const start = (out: UIMessageChunk[]) => {
    if (started) return;
    started = true;
    out.push(options.messageId ? { type: 'start', messageId: options.messageId } : { type: 'start' });
    if (denied.length) {
      step(out);
      for (const toolCallId of denied) out.push({ type: 'tool-output-denied', toolCallId });
    }
  };
  const input = (out: UIMessageChunk[], toolCallId: string, toolName: string, args: unknown) => {
    if (known.has(toolCallId)) return;
    known.add(toolCallId);
    out.push({ type: 'tool-input-start', toolCallId, toolName });
    out.push({ type: 'tool-input-available', toolCallId, toolName, input: args ?? {} });
  };

  return {
    map(event: AgentEvent): UIMessageChunk[] {
      const out: UIMessageChunk[] = [];
      metadata.runId = event.runId;
      start(out);
      switch (event.type) {
        case 'supervisor.thinking':
          endStep(out);
          step(out);
          break;
        case 'reasoning.chunk':
          step(out);
          out.push({ type: 'reasoning-delta', id: block(out, 'reasoning'), delta: event.text });
          break;
        case 'reasoning.done':
          if (open?.kind === 'reasoning') closeBlock(out);
          break;
        case 'response.chunk':
          step(out);
          out.push({ type: 'text-delta', id: block(out, 'text'), delta: event.text });
          break;
        case 'response.done':
          closeBlock(out);
          break;
        case 'response.reset':
          // The stream has no way to take text back: the marker says that this step's parts before it were
          // a model call made again (its retry follows), for the client to hide.
          closeBlock(out);
          out.push({
            type: 'data-response-reset',
            id: `reset-${resets++}`,
            data: { turn: event.turn, code: event.code, message: event.message },
          });
          break;
        case 'tool.start':
          step(out);
          closeBlock(out);
          input(out, event.toolCallId, event.name, event.args);
          break;
        case 'tool.complete':
          out.push({
            type: 'tool-output-available',
            toolCallId: event.toolCallId,
            output: event.result ?? event.content,
          });
          break;
        case 'tool.error':
          out.push({ type: 'tool-output-error', toolCallId: event.toolCallId, errorText: event.error });
          break;
        case 'approval.request':
          step(out);
          closeBlock(out);
          input(out, event.toolCallId, event.name, event.args);
          out.push({
            type: 'tool-approval-request',
            approvalId: event.requestId,
            toolCallId: event.toolCallId,
          });
          break;
        case 'clarify.request': {
          const { requestId, question, source, schema } = event;
          out.push({
            type: 'data-clarify',
            id: requestId,
            data: { requestId, question, source, ...(schema ? { schema } : {}) },
          });
          break;
        }
        case 'tool.progress': {
          const { type: _type, runId: _r, seq: _s, ts: _t, ...data } = event;
          out.push({ type: 'data-tool-progress', id: event.toolCallId, data, transient: true });
          break;
        }
        case 'model.loading': {
          const { type: _type, runId: _r, seq: _s, ts: _t, ...data } = event;
          out.push({ type: 'data-model-loading', id: event.model, data, transient: true });
          break;
        }
        case 'workflow.created':
        case 'workflow.complete': {
          const { type, runId: _r, seq: _s, ts: _t, ...data } = event;
          out.push({ type: 'data-workflow', id: event.workflowId, data: { event: type, ...data } });
          break;
        }
        case 'workflow.step.start':
        case 'workflow.step.complete': {
          const { type, runId: _r, seq: _s, ts: _t, ...data } = event;
          out.push({
            type: 'data-workflow-step',
            id: `${event.workflowId}:${event.stepId}`,
            data: { event: type, ...data },
          });
          break;
        }
        case 'usage': {
          const sum = metadata.usage ?? { inputTokens: 0, outputTokens: 0, totalTokens: 0 };
          metadata.usage = {
            inputTokens: sum.inputTokens + event.usage.inputTokens,
            outputTokens: sum.outputTokens + event.usage.outputTokens,
            totalTokens: sum.totalTokens + event.usage.totalTokens,
          };
          if (event.costUsd !== undefined) metadata.costUsd = (metadata.costUsd ?? 0) + event.costUsd;
          break;
        }
        case 'error':
          out.push({ type: 'error', errorText: event.message });
          break;
        case 'run.finish':
          endStep(out);
          metadata.status = event.status;
          finished = true;
          if (event.status === 'aborted') out.push({ type: 'abort', reason: event.message ?? 'stopped' });
          else
            out.push({
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
            });
          break;
        default:
          // Not part of a UI message stream; a new event type must be mapped above or listed here.
          event satisfies {
            type:
              | 'run.start'
              | 'supervisor.decided'
              | 'supervisor.reflected'
              | 'tool.content'
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
    end(): UIMessageChunk[] {
      const out: UIMessageChunk[] = [];
      start(out);
      if (!finished) {
        endStep(out);
        out.push({ type: 'finish', messageMetadata: { ...metadata } });
      }
      return out;
    },
  };
}
