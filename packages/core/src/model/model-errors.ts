import { AgentChatError } from '../errors.js';

/** The endpoint does not know the configured model. The message lists the models it offers, when known. */
export class ModelNotFoundError extends AgentChatError {
  readonly model: string;
  readonly available: string[] | undefined;

  constructor(options: { model: string; available?: string[]; providerMessage?: string; cause?: unknown }) {
    const { model, available } = options;
    const offered = available?.length
      ? ` Models it offers: ${available.slice(0, 12).join(', ')}${available.length > 12 ? ', …' : ''}.`
      : '';
    super(
      'model_not_found',
      `The model "${model}" is not available at this endpoint${options.providerMessage ? ` (${options.providerMessage})` : ''}: set model to one it serves.${offered}`,
      { cause: options.cause },
    );
    this.model = model;
    this.available = available;
  }
}

/** The model was asked to use tools but cannot call tools. */
export class ToolsUnsupportedError extends AgentChatError {
  readonly model: string;

  constructor(model: string, detail?: string) {
    super(
      'tools_unsupported',
      `The model "${model}" does not support tool calling${detail ? ` (${detail})` : ''}: choose a tool-capable model (e.g. llama3.1, qwen2.5, gpt-4o-mini, a Claude model), declare capabilities: { tools: false } so the agent uses JSON decisions, or put it behind fallback([local, remote]).`,
    );
    this.model = model;
  }
}

/** Why a local (WebGPU) model cannot run in this browser. */
export type LocalModelUnavailableReason =
  | 'no-webgpu'
  | 'no-adapter'
  | 'missing-feature'
  | 'memory'
  | 'quota'
  | 'engine-failed'
  /** The browser has no built-in model (Prompt API), or it says `unavailable`. */
  | 'built-in-unavailable';

/** A local model cannot run here; `fallback()` moves to the remote model on this error. */
export class LocalModelUnavailableError extends AgentChatError {
  readonly reason: LocalModelUnavailableReason;

  constructor(reason: LocalModelUnavailableReason, message: string, cause?: unknown) {
    super('local_model_unavailable', message, { cause });
    this.reason = reason;
  }
}

/** The next model call would go over the conversation's cost budget; raised before anything is sent. */
export class BudgetExceededError extends AgentChatError {
  readonly spentUsd: number;
  readonly budgetUsd: number;

  constructor(options: { spentUsd: number; budgetUsd: number; estimateUsd: number; conversationId: string }) {
    const { spentUsd, budgetUsd, estimateUsd } = options;
    super(
      'budget_exceeded',
      `This conversation has used $${spentUsd.toFixed(4)} of its $${budgetUsd.toFixed(4)} budget and the next call would cost about $${estimateUsd.toFixed(4)}: nothing was sent. Start a new conversation or raise the budget.`,
    );
    this.spentUsd = spentUsd;
    this.budgetUsd = budgetUsd;
  }
}

/** Which limit of a model call ran out: waiting for the response headers, or for the next body chunk. */
export type ModelTimeoutPhase = 'first-byte' | 'idle';

/**
 * A model call went silent: no response headers within the first-byte limit, or no bytes for the idle
 * limit mid-stream. Retryable: `withRetry` tries again when nothing had arrived yet.
 */
export class ModelTimeoutError extends AgentChatError {
  readonly phase: ModelTimeoutPhase;
  readonly timeoutMs: number;

  constructor(phase: ModelTimeoutPhase, timeoutMs: number, url: string) {
    const seconds = Math.round(timeoutMs / 100) / 10;
    super(
      'model_timeout',
      phase === 'first-byte'
        ? `The model endpoint ${url} did not answer within ${seconds} s: it may be overloaded; try again, or raise timeouts.firstByteMs for a slow model.`
        : `The model stopped sending for ${seconds} s in the middle of its answer (${url}): try again, or raise timeouts.idleMs for a model that pauses longer.`,
      { isRetryable: true },
    );
    this.phase = phase;
    this.timeoutMs = timeoutMs;
  }
}
