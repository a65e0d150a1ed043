import type { Agent, AgentEvent, RunStatus } from '@agent-chat/core';
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { applyEvent, type TranscriptItem } from './transcript.js';

/** Whether a run is in progress. */
export type RunControllerStatus = 'idle' | 'running';

/** How {@link RunController.send} ended; `not-started` means the message never reached the agent. */
export type SendOutcome = RunStatus | 'not-started';

/**
 * Runs an agent for a Lit host: owns the AbortController and status of the current run, folds the
 * run's events into a transcript and keeps the conversation id so turns continue one conversation.
 * The host renders from `status`, `transcript` and `error`; every change requests an update.
 */
export class RunController implements ReactiveController {
  status: RunControllerStatus = 'idle';
  transcript: readonly TranscriptItem[] = [];
  /** A message fit to show the user, from the last run or configuration attempt. */
  error: string | undefined;
  /** The conversation the next run continues; set from the first run's `run.start` event. */
  conversationId: string | undefined;

  readonly #host: ReactiveControllerHost;
  #abort: AbortController | undefined;

  constructor(host: ReactiveControllerHost) {
    this.#host = host;
    host.addController(this);
  }

  /** Sends one user message and resolves when the run has ended; never throws. */
  async send(agent: Agent, message: string): Promise<SendOutcome> {
    if (this.status === 'running') return 'not-started';
    const abort = new AbortController();
    this.#abort = abort;
    this.status = 'running';
    this.error = undefined;
    this.#host.requestUpdate();
    let outcome: SendOutcome = 'not-started';
    try {
      const input = {
        message,
        signal: abort.signal,
        ...(this.conversationId ? { conversationId: this.conversationId } : {}),
      };
      for await (const event of agent.run(input)) {
        if (event.type === 'run.start') {
          outcome = 'completed';
          this.conversationId = event.conversationId;
        }
        this.#onEvent(event);
        if (event.type === 'run.finish') outcome = event.status;
      }
    } catch (error) {
      // Agents report failures as events; a throw means the run could not start or the agent is faulty.
      this.error = error instanceof Error ? error.message : String(error);
      if (outcome !== 'not-started') outcome = 'failed';
    } finally {
      if (this.#abort === abort) this.#abort = undefined;
      this.status = 'idle';
      this.#host.requestUpdate();
    }
    return outcome;
  }

  /** Stops the current run; its partial output stays, marked as stopped. */
  stop(): void {
    this.#abort?.abort();
  }

  /** Shows an error that happened before a run could start (e.g. a configuration error). */
  fail(error: unknown): void {
    this.error = error instanceof Error ? error.message : String(error);
    this.#host.requestUpdate();
  }

  hostDisconnected(): void {
    // A removed element must not keep a model stream and tools running in the background.
    this.stop();
  }

  #onEvent(event: AgentEvent): void {
    if (event.type === 'error') this.error = event.message;
    else if (event.type === 'run.finish' && event.status === 'max-turns' && event.message)
      this.error = event.message;
    const next = applyEvent(this.transcript, event);
    if (next === this.transcript && event.type !== 'error' && event.type !== 'run.finish') return;
    this.transcript = next;
    this.#host.requestUpdate();
  }
}
