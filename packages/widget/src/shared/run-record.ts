import type { AgentEvent, RunInput } from '@agent-chat/core';
import { type InFlightRun, removeInFlight, saveInFlight } from './in-flight-store.js';

// Shared by the agent chunk (runs through the proxy, agent/resume/run-tracker.ts) and the remote agent's
// chunk (runs of `agent-url`): a run is recorded in flight — its conversation, the user's message, the
// answer so far — from its start until it finishes, so a reload can pick it up (agent/resume/resume-run.ts).
// No stream code of its own, so a remote agent's first chat loads no more than this and the store (issue 42).

/** One element's run in flight, recorded while it goes and forgotten when it finishes. */
export class RunRecord {
  /** The run being recorded (its streams and tool results are added by agent/resume/run-tracker.ts). */
  run: InFlightRun | undefined;
  #saving: Promise<void> = Promise.resolve();
  #textSaved = 0;

  constructor(readonly host: HTMLElement) {}

  /** The events of `start(input)`, recording the run (from `from`, a run a reload replays) until it finishes. */
  async *track(
    start: (input: RunInput) => AsyncGenerator<AgentEvent, void, undefined>,
    input: RunInput,
    from?: InFlightRun,
    answer?: InFlightRun['answer'],
  ): AsyncGenerator<AgentEvent, void, undefined> {
    this.run = from;
    for await (const event of start(input)) {
      this.#observe(event, input, answer);
      yield event;
    }
  }

  /** Keeps a copy of the run as it is now (writes are queued in order). */
  save(): void {
    const run = this.run;
    if (!run) return;
    this.#textSaved = run.text.length;
    const copy = { ...run, streams: [...run.streams], tools: { ...run.tools } };
    this.#saving = this.#saving.then(() => saveInFlight(copy)).catch(() => {});
  }

  /** The run finished: called after its record is dropped. */
  protected finished(): void {}

  #observe(event: AgentEvent, input: RunInput, answer: InFlightRun['answer']): void {
    const run = this.run;
    if (event.type === 'run.start' && !run) {
      this.run = {
        conversationId: event.conversationId,
        // A clarification's answer runs as the user's message: the run's own, not the respond call's input.
        message: event.message || input.message,
        streams: [],
        tools: {},
        text: '',
        // A run that continues a paused one (an approval answered), not a clarification's answer (a message).
        ...(answer && event.resumes ? { answer } : {}),
      };
      this.save();
    } else if (event.type === 'response.chunk' && run) {
      run.text += event.text;
      // The answer so far, about every 200 characters: enough to show at once after a reload.
      if (run.text.length - this.#textSaved > 200) this.save();
    } else if (event.type === 'response.reset' && run) {
      run.text = '';
    } else if (event.type === 'run.finish' && run) {
      this.run = undefined;
      this.finished();
      const id = run.conversationId;
      this.#saving = this.#saving.then(() => removeInFlight(id)).catch(() => {});
    }
  }
}

/** Whether the element's page left resuming on (`resume="off"` turns it off). */
export function resumeOn(host: HTMLElement | undefined): host is HTMLElement {
  return host !== undefined && host.getAttribute('resume') !== 'off';
}
