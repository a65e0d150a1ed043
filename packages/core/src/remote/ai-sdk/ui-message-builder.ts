import type { DynamicToolUIPart, ToolUIPart, UIMessage, UIMessageChunk } from 'ai';

type Part = UIMessage['parts'][number];
type ToolPart = (ToolUIPart | DynamicToolUIPart) & Record<string, unknown>;
type Fields = Record<string, unknown>;
type Chunk<T extends UIMessageChunk['type']> = Extract<UIMessageChunk, { type: T }>;

/**
 * Builds the assistant `UIMessage` from UI message chunks as the `ai` package's `readUIMessageStream` does
 * (same parts, states and approval fields; `ui-message-builder.test.ts` checks it against `ai`'s own
 * reader on a real route's streams). It is ours only so that a page fronting an AI SDK route does not
 * download `ai`'s runtime and its zod schemas (about 50 KB gzip) before its first answer.
 */
export class UIMessageBuilder {
  readonly message: UIMessage;
  readonly #open = new Map<string, Part & { text: string; state?: string }>();
  readonly #rawInput = new Map<string, string>();

  constructor(continuing?: UIMessage, id = `msg_${crypto.randomUUID()}`) {
    this.message = continuing ? structuredClone(continuing) : { id, role: 'assistant', parts: [] };
  }

  apply(chunk: UIMessageChunk): void {
    const c = chunk as UIMessageChunk & Fields;
    const parts = this.message.parts as Array<Part & Fields>;
    switch (chunk.type) {
      case 'start':
        if (chunk.messageId != null) this.message.id = chunk.messageId;
        this.#metadata(chunk.messageMetadata);
        break;
      case 'finish':
      case 'message-metadata':
        this.#metadata(chunk.messageMetadata);
        break;
      case 'text-start':
      case 'reasoning-start':
      case 'text-delta':
      case 'reasoning-delta':
      case 'text-end':
      case 'reasoning-end':
        this.#block(chunk);
        break;
      case 'custom':
        parts.push({ type: 'custom', kind: chunk.kind, providerMetadata: chunk.providerMetadata } as Part);
        break;
      case 'start-step':
        parts.push({ type: 'step-start' });
        break;
      case 'reset-step': {
        const last = parts.findLastIndex((p) => p.type === 'step-start');
        parts.splice(last + 1);
        break;
      }
      case 'file':
      case 'reasoning-file':
        parts.push({ type: chunk.type, mediaType: chunk.mediaType, url: chunk.url, ...meta(c) } as Part);
        break;
      case 'source-url':
      case 'source-document': {
        const { type: _, ...rest } = c;
        parts.push({ type: chunk.type, ...rest } as Part);
        break;
      }
      case 'tool-input-start':
        this.#rawInput.set(chunk.toolCallId, '');
        this.#tool(c, 'input-streaming', { input: undefined });
        break;
      case 'tool-input-delta':
        this.#rawInput.set(
          chunk.toolCallId,
          (this.#rawInput.get(chunk.toolCallId) ?? '') + chunk.inputTextDelta,
        );
        break;
      case 'tool-input-available':
        this.#tool(c, 'input-available', { input: chunk.input });
        break;
      case 'tool-input-error':
        this.#tool(c, 'output-error', { input: chunk.input, errorText: chunk.errorText });
        break;
      case 'tool-approval-request':
      case 'tool-approval-response':
        this.#approval(chunk);
        break;
      case 'tool-output-denied': {
        const part = this.#find(chunk.toolCallId);
        if (part) part.state = 'output-denied';
        break;
      }
      case 'tool-output-available':
      case 'tool-output-error':
        this.#output(chunk);
        break;
      default:
        if (chunk.type.startsWith('data-'))
          this.#data(c as Fields & { type: string; id?: string; data: unknown; transient?: boolean });
    }
  }

  /** A text or reasoning block: opened, streamed into, closed. */
  #block(chunk: Chunk<`${'text' | 'reasoning'}-${'start' | 'delta' | 'end'}`>): void {
    const parts = this.message.parts as Array<Part & Fields>;
    switch (chunk.type) {
      case 'text-start':
      case 'reasoning-start': {
        const type = chunk.type === 'text-start' ? 'text' : 'reasoning';
        const id = type === 'reasoning' ? { id: chunk.id } : {};
        const part = {
          type,
          ...id,
          text: '',
          providerMetadata: chunk.providerMetadata,
          state: 'streaming',
        } as Part & {
          text: string;
        };
        parts.push(part);
        this.#open.set(`${type}:${chunk.id}`, part);
        break;
      }
      case 'text-delta':
      case 'reasoning-delta': {
        const part = this.#open.get(`${chunk.type === 'text-delta' ? 'text' : 'reasoning'}:${chunk.id}`);
        if (part) {
          part.text += chunk.delta;
          if (chunk.providerMetadata != null)
            Object.assign(part, { providerMetadata: chunk.providerMetadata });
        }
        break;
      }
      case 'text-end':
      case 'reasoning-end': {
        const key = `${chunk.type === 'text-end' ? 'text' : 'reasoning'}:${chunk.id}`;
        const part = this.#open.get(key);
        if (part) {
          part.state = 'done';
          if (chunk.type === 'text-end' && chunk.citations != null)
            Object.assign(part, { citations: chunk.citations });
          if (chunk.providerMetadata != null)
            Object.assign(part, { providerMetadata: chunk.providerMetadata });
        }
        this.#open.delete(key);
        break;
      }
    }
  }

  /** A tool's result or error, on the part its input started. */
  #output(chunk: Chunk<'tool-output-available' | 'tool-output-error'>): void {
    const part = this.#find(chunk.toolCallId);
    if (!part) return;
    const fields =
      chunk.type === 'tool-output-available'
        ? {
            input: part.input,
            output: chunk.output,
            errorText: undefined,
            preliminary: chunk.preliminary,
          }
        : { input: part.input, output: undefined, errorText: chunk.errorText, rawInput: part.rawInput };
    this.#tool(
      { ...chunk, toolName: toolName(part), dynamic: part.type === 'dynamic-tool' },
      chunk.type === 'tool-output-available' ? 'output-available' : 'output-error',
      fields,
      part,
    );
  }

  #approval(chunk: Chunk<'tool-approval-request' | 'tool-approval-response'>): void {
    switch (chunk.type) {
      case 'tool-approval-request': {
        const part = this.#find(chunk.toolCallId);
        if (!part) break;
        part.state = 'approval-requested';
        part.approval = {
          id: chunk.approvalId,
          ...(chunk.approvalDescriptor != null ? { descriptor: chunk.approvalDescriptor } : {}),
          ...('inputSchemaInput' in chunk ? { inputSchemaInput: chunk.inputSchemaInput } : {}),
          ...(chunk.reason != null ? { requestReason: chunk.reason } : {}),
          ...(chunk.isAutomatic === true ? { isAutomatic: true } : {}),
          ...(chunk.signature != null ? { signature: chunk.signature } : {}),
        } as ToolPart['approval'];
        break;
      }
      case 'tool-approval-response': {
        const part = this.message.parts.find((p) => (p as ToolPart).approval?.id === chunk.approvalId) as
          | ToolPart
          | undefined;
        if (!part) break;
        part.state = 'approval-responded';
        part.approval = {
          ...(part.approval ?? {}),
          id: chunk.approvalId,
          approved: chunk.approved,
          ...(chunk.reason != null ? { reason: chunk.reason } : {}),
        } as ToolPart['approval'];
        if (chunk.providerExecuted != null) part.providerExecuted = chunk.providerExecuted;
        break;
      }
    }
  }

  #metadata(metadata: unknown): void {
    if (metadata == null) return;
    const current = this.message.metadata as Fields | undefined;
    this.message.metadata =
      current && typeof metadata === 'object' ? { ...current, ...(metadata as Fields) } : metadata;
  }

  #data(chunk: { type: string; id?: string; data: unknown; transient?: boolean }): void {
    if (chunk.transient) return;
    const parts = this.message.parts as Array<Part & Fields>;
    const existing =
      chunk.id != null ? parts.find((p) => p.type === chunk.type && p.id === chunk.id) : undefined;
    if (existing) existing.data = chunk.data;
    else
      parts.push({
        type: chunk.type,
        ...(chunk.id != null ? { id: chunk.id } : {}),
        data: chunk.data,
      } as Part);
  }

  #find(toolCallId: string): ToolPart | undefined {
    return this.message.parts.find((p) => (p as ToolPart).toolCallId === toolCallId) as ToolPart | undefined;
  }

  /** Creates or updates a tool part the way `ai`'s `updateToolPart` / `updateDynamicToolPart` do. */
  #tool(
    c: Fields,
    state: ToolPart['state'],
    fields: Fields,
    existing = this.#find(String(c.toolCallId)),
  ): void {
    const dynamic = existing ? existing.type === 'dynamic-tool' : Boolean(c.dynamic);
    const name = String(c.toolName);
    const callOrResult =
      c.providerMetadata == null
        ? {}
        : state === 'output-available' || state === 'output-error'
          ? { resultProviderMetadata: c.providerMetadata }
          : { callProviderMetadata: c.providerMetadata };
    if (existing) {
      Object.assign(existing, fields, callOrResult, { state });
      if (!dynamic) existing.type = `tool-${name}` as ToolPart['type'];
      if (c.title !== undefined) existing.title = c.title as string;
      if (c.toolMetadata !== undefined) existing.toolMetadata = c.toolMetadata as ToolPart['toolMetadata'];
      existing.providerExecuted = (c.providerExecuted as boolean | undefined) ?? existing.providerExecuted;
      return;
    }
    this.message.parts.push({
      type: dynamic ? 'dynamic-tool' : `tool-${name}`,
      ...(dynamic ? { toolName: name } : {}),
      toolCallId: c.toolCallId,
      state,
      title: c.title,
      ...(c.toolMetadata !== undefined ? { toolMetadata: c.toolMetadata } : {}),
      ...(c.inputEncoding != null ? { inputEncoding: c.inputEncoding } : {}),
      ...fields,
      providerExecuted: c.providerExecuted,
      ...callOrResult,
    } as Part);
  }
}

/** The tool name of a tool part (`tool-{name}`, or a dynamic tool's `toolName`). */
export function toolName(part: ToolPart | Part): string {
  return part.type === 'dynamic-tool' ? String((part as Fields).toolName) : part.type.slice(5);
}

/** Whether a part is a tool call. */
export function isToolPart(part: Part): part is ToolPart {
  return part.type === 'dynamic-tool' || part.type.startsWith('tool-');
}

function meta(c: Fields): Fields {
  return c.providerMetadata != null ? { providerMetadata: c.providerMetadata } : {};
}
