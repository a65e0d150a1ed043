import type { AgentEvent, AgentEventOf, ChatAgent, ImageInput, RunStatus } from '@agent-chat/core';
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { RunControllerStatus, RunState } from '../shared/run-state.js';
import { applyEvent, type TranscriptItem } from '../transcript-model/transcript.js';

export type { RunControllerStatus } from '../shared/run-state.js';

/** How {@link RunController.send} ended; `not-started` means the message never reached the agent. */
export type SendOutcome = RunStatus | 'not-started';

/**
 * Runs an agent for a Lit host: owns the AbortController and status of the current run, folds the
 * run's events into a transcript and keeps the conversation id so turns continue one conversation.
 * The host renders from `status`, `transcript` and `error`; every change requests an update.
 */
export class RunController implements ReactiveController, RunState {
  status: RunControllerStatus = 'idle';
  transcript: readonly TranscriptItem[] = [];
  /** A message fit to show the user, from the last run or configuration attempt. */
  error: string | undefined;
  /** The last run's `error` event while its message is shown (a limit notice reads its details). */
  errorEvent: AgentEventOf<'error'> | undefined;
  /** The conversation the next run continues; set from the first run's `run.start` event. */
  conversationId: string | undefined;

  readonly #host: ReactiveControllerHost;
  readonly #listener: (event: AgentEvent) => void;
  #abort: AbortController | undefined;

  /** `listener` sees every event after it was folded into the transcript (the element re-dispatches some). */
  constructor({
    host,
    onEvent = () => {},
  }: { host: ReactiveControllerHost; onEvent?: (event: AgentEvent) => void }) {
    this.#host = host;
    this.#listener = onEvent;
    host.addController(this);
  }

  /** Sends one user message and resolves when the run has ended; never throws. */
  send(agent: ChatAgent, message: string, images: readonly ImageInput[] = []): Promise<SendOutcome> {
    return this.consume((signal) =>
      agent.run({
        message,
        signal,
        ...(images.length ? { images: [...images] } : {}),
        ...(this.conversationId ? { conversationId: this.conversationId } : {}),
      }),
    );
  }

  /**
   * Plays the events of a run (a new one, or the continuation an agent returns from `respond`) into the
   * transcript; resolves with how it ended.
   */
  async consume(start: (signal: AbortSignal) => AsyncIterable<AgentEvent>): Promise<SendOutcome> {
    if (this.status === 'running') return 'not-started';
    const abort = new AbortController();
    this.#abort = abort;
    this.status = 'running';
    this.error = undefined;
    this.errorEvent = undefined;
    this.#host.requestUpdate();
    let outcome: SendOutcome = 'not-started';
    try {
      for await (const event of start(abort.signal)) {
        if (event.type === 'run.start') this.conversationId = event.conversationId;
        if (outcome === 'not-started') outcome = 'completed';
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

  /**
   * Plays events that arrive while a run is already in progress — an answer given in place (an MCP
   * elicitation the running tool call waits on) yields them, or nothing, beside the current run.
   */
  async feed(events: AsyncIterable<AgentEvent>): Promise<void> {
    for await (const event of events) this.#onEvent(event);
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

  /** Replaces what is shown, e.g. with a conversation loaded from the store. */
  reset(transcript: readonly TranscriptItem[], conversationId: string | undefined): void {
    this.stop();
    this.transcript = transcript;
    this.conversationId = conversationId;
    this.error = undefined;
    this.errorEvent = undefined;
    this.#host.requestUpdate();
  }

  /** Changes items in place of the run's events (e.g. an answered form). */
  patch(update: (items: readonly TranscriptItem[]) => readonly TranscriptItem[]): void {
    this.transcript = update(this.transcript);
    this.#host.requestUpdate();
  }

  hostDisconnected(): void {
    // A removed element must not keep a model stream and tools running in the background.
    this.stop();
  }

  #onEvent(event: AgentEvent): void {
    if (event.type === 'error') {
      this.error = event.message;
      this.errorEvent = event;
    } else if (event.type === 'run.finish' && event.status === 'max-turns' && event.message)
      this.error = event.message;
    const next = applyEvent(this.transcript, event);
    if (next !== this.transcript || event.type === 'error' || event.type === 'run.finish') {
      this.transcript = next;
      this.#host.requestUpdate();
    }
    this.#listener(event);
  }
}
