import type { Attributes, Span, Tracer } from '@opentelemetry/api';
import { requireExport } from '../missing-dependency.js';
import { MissingDependencyError } from '../missing-dependency-error.js';
import type { RunLogRecord } from './run-log.js';

// OpenTelemetry spans from a run's records, following the GenAI semantic conventions (gen-ai-spans.md,
// gen-ai-agent-spans.md; v1.37+ names: gen_ai.provider.name, gen_ai.input.messages): `invoke_agent` per
// run, `chat {model}` per model call, `execute_tool {tool}` per tool call. @opentelemetry/api is an
// optional peer, loaded only when an agent is given a tracer.

/** `createAgent({ telemetry })`: where spans go and what they may carry. */
export interface TelemetryOptions {
  /** An OpenTelemetry `Tracer` (`trace.getTracer('my-app')`). */
  tracer: Tracer;
  /**
   * Put message text, answers, tool arguments and results on spans (`gen_ai.input.messages`,
   * `gen_ai.output.messages`, `gen_ai.tool.call.arguments`, `gen_ai.tool.call.result`). Off by default:
   * they may hold personal data.
   */
  recordContent?: boolean;
  /** `gen_ai.agent.name`; the run span is then named `invoke_agent {name}`. */
  agentName?: string;
}

/** Where a run's records go besides the run log; see {@link otelTelemetry}. */
export interface RunTelemetry {
  record(record: RunLogRecord): void;
  /** Resolves once every record so far has become spans (for tests and shutdown). */
  flush(): Promise<void>;
}

type OtelApi = typeof import('@opentelemetry/api');

interface OpenRun {
  span: Span;
  chat?: Span;
  tools: Map<string, Span>;
  error?: string;
}

/** Loads @opentelemetry/api, an optional peer dependency: without it, {@link MissingDependencyError}. */
async function importOtelApi(): Promise<OtelApi> {
  let module: unknown;
  try {
    // Literal, inside `try`: an app that does not install it still builds (webpack warns, Vite stubs it).
    module = await import('@opentelemetry/api');
  } catch (error) {
    throw new MissingDependencyError('@opentelemetry/api', 'createAgent({ telemetry })', error);
  }
  return requireExport<OtelApi>(module, 'trace', '@opentelemetry/api', 'createAgent({ telemetry })');
}

/**
 * Turns run records into spans. Records are handled in order once the API has loaded, each span with
 * the record's own time, so nothing is lost or re-timed while it loads.
 */
export function otelTelemetry(
  options: TelemetryOptions,
  load: () => Promise<OtelApi> = importOtelApi,
): RunTelemetry {
  let api: Promise<OtelApi> | undefined;
  let queue: Promise<void> = Promise.resolve();
  const runs = new Map<string, OpenRun>();
  return {
    record(record) {
      api ??= load();
      const loaded = api;
      queue = queue
        .then(() => loaded)
        .then((otel) => handle(otel, options, runs, record))
        .catch((error: unknown) => console.warn('agent-chat telemetry: a span could not be recorded', error));
    },
    flush: () => queue,
  };
}

function handle(
  otel: OtelApi,
  options: TelemetryOptions,
  runs: Map<string, OpenRun>,
  record: RunLogRecord,
): void {
  const content = options.recordContent === true;
  const open = runs.get(record.runId);
  const child = (name: string, kind: number, attributes: Attributes) =>
    options.tracer.startSpan(
      name,
      { kind, startTime: record.ts, attributes },
      open ? otel.trace.setSpan(otel.context.active(), open.span) : undefined,
    );
  switch (record.kind) {
    case 'run.start':
      startRun(otel, options, runs, record);
      return;
    case 'model.request': {
      if (!open) return;
      const { provider, model } = modelName(record.model);
      open.span.setAttributes({ 'gen_ai.provider.name': provider, 'gen_ai.request.model': model });
      const attributes: Attributes = {
        'gen_ai.operation.name': 'chat',
        'gen_ai.provider.name': provider,
        'gen_ai.request.model': model,
        'gen_ai.conversation.id': String(record.conversationId ?? ''),
      };
      if (content) attributes['gen_ai.input.messages'] = JSON.stringify(inputMessages(record.messages));
      open.chat = child(`chat ${model}`, otel.SpanKind.CLIENT, attributes);
      return;
    }
    case 'model.response':
      if (open?.chat) endChat(open.chat, record, content);
      if (open) open.chat = undefined;
      return;
    case 'tool.call':
      if (open)
        open.tools.set(
          String(record.toolCallId),
          child(`execute_tool ${record.name}`, otel.SpanKind.INTERNAL, toolAttributes(record, content)),
        );
      return;
    case 'tool.result': {
      const span = open?.tools.get(String(record.toolCallId));
      if (!open || !span) return;
      if (content) span.setAttribute('gen_ai.tool.call.result', JSON.stringify(record.content ?? null));
      if (record.ok === false) fail(otel, span, 'tool_error');
      span.end(record.ts);
      open.tools.delete(String(record.toolCallId));
      return;
    }
    case 'error':
      if (open) open.error = String(record.code ?? '_OTHER');
      return;
    case 'run.finish':
      if (open) endRun(otel, open, record);
      runs.delete(record.runId);
      return;
    default:
      // No span for these; a new record kind must be traced above or listed here.
      record.kind satisfies
        | 'feedback'
        | 'model.retry'
        | 'model.decided'
        | 'model.warning'
        | 'decision'
        | 'reflection'
        | 'workflow'
        | 'mcp.tools.loaded';
      return;
  }
}

/** The attributes of a tool call's `execute_tool` span (its arguments only when content is recorded). */
function toolAttributes(record: RunLogRecord, content: boolean): Attributes {
  const attributes: Attributes = {
    'gen_ai.operation.name': 'execute_tool',
    'gen_ai.tool.name': String(record.name),
    'gen_ai.tool.call.id': String(record.toolCallId),
    'gen_ai.tool.type': 'function',
  };
  if (content) attributes['gen_ai.tool.call.arguments'] = JSON.stringify(record.args ?? null);
  return attributes;
}

/** Opens a run's `invoke_agent` span. */
function startRun(
  otel: OtelApi,
  options: TelemetryOptions,
  runs: Map<string, OpenRun>,
  record: RunLogRecord,
): void {
  const content = options.recordContent === true;
  const attributes: Attributes = {
    'gen_ai.operation.name': 'invoke_agent',
    'gen_ai.conversation.id': String(record.conversationId ?? ''),
  };
  if (options.agentName) attributes['gen_ai.agent.name'] = options.agentName;
  if (content && record.message)
    attributes['gen_ai.input.messages'] = JSON.stringify([textMessage('user', String(record.message))]);
  const name = options.agentName ? `invoke_agent ${options.agentName}` : 'invoke_agent';
  const span = options.tracer.startSpan(name, {
    kind: otel.SpanKind.INTERNAL,
    startTime: record.ts,
    attributes,
  });
  runs.set(record.runId, { span, tools: new Map() });
}

/** Ends a model call's `chat` span with the response's model, finish reason and usage. */
function endChat(chat: Span, record: RunLogRecord, content: boolean): void {
  const usage = record.usage as { inputTokens?: number; outputTokens?: number } | undefined;
  chat.setAttributes({
    'gen_ai.response.model': modelName(record.model).model,
    'gen_ai.response.finish_reasons': [finishReason(record.finishReason)],
    ...(usage?.inputTokens !== undefined ? { 'gen_ai.usage.input_tokens': usage.inputTokens } : {}),
    ...(usage?.outputTokens !== undefined ? { 'gen_ai.usage.output_tokens': usage.outputTokens } : {}),
  });
  if (content) chat.setAttribute('gen_ai.output.messages', JSON.stringify([outputMessage(record)]));
  chat.end(record.ts);
}

/** Ends a run's span and the spans it left open, marked failed when the run failed. */
function endRun(otel: OtelApi, open: OpenRun, record: RunLogRecord): void {
  const failed = record.status === 'failed';
  for (const span of [...open.tools.values(), ...(open.chat ? [open.chat] : [])]) {
    if (failed) fail(otel, span, open.error ?? '_OTHER');
    span.end(record.ts);
  }
  if (failed) fail(otel, open.span, open.error ?? '_OTHER');
  open.span.end(record.ts);
}

function fail(otel: OtelApi, span: Span, type: string): void {
  span.setAttribute('error.type', type);
  span.setStatus({ code: otel.SpanStatusCode.ERROR });
}

/** `openai:gpt-4o-mini` → provider `openai`, model `gpt-4o-mini` (the model ids core's adapters give). */
function modelName(id: unknown): { provider: string; model: string } {
  const text = String(id ?? '');
  const colon = text.indexOf(':');
  return colon > 0
    ? { provider: text.slice(0, colon), model: text.slice(colon + 1) }
    : { provider: '_OTHER', model: text };
}

const FINISH: Record<string, string> = { 'tool-calls': 'tool_call', 'content-filter': 'content_filter' };

function finishReason(reason: unknown): string {
  const text = typeof reason === 'string' ? reason : 'other';
  return FINISH[text] ?? text;
}

function textMessage(role: string, text: string) {
  return { role, parts: [{ type: 'text', content: text }] };
}

interface LoggedMessage {
  role?: string;
  content?: unknown;
  toolCalls?: { id: string; name: string; arguments?: unknown }[];
  toolCallId?: string;
}

function inputMessages(messages: unknown) {
  return (Array.isArray(messages) ? (messages as LoggedMessage[]) : []).map((message) => {
    const parts: Record<string, unknown>[] = [];
    if (message.role === 'tool')
      parts.push({ type: 'tool_call_response', id: message.toolCallId, response: message.content });
    else if (typeof message.content === 'string' && message.content !== '')
      parts.push({ type: 'text', content: message.content });
    for (const call of message.toolCalls ?? [])
      parts.push({ type: 'tool_call', id: call.id, name: call.name, arguments: call.arguments });
    return { role: message.role, parts };
  });
}

function outputMessage(record: RunLogRecord) {
  const calls = Array.isArray(record.toolCalls)
    ? (record.toolCalls as { id: string; name: string; arguments?: unknown }[])
    : [];
  return {
    role: 'assistant',
    parts: [
      ...(typeof record.text === 'string' && record.text !== ''
        ? [{ type: 'text', content: record.text }]
        : []),
      ...calls.map((call) => ({
        type: 'tool_call',
        id: call.id,
        name: call.name,
        arguments: call.arguments,
      })),
    ],
    finish_reason: finishReason(record.finishReason),
  };
}
