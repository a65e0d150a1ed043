import { type AgentEvent, type RunInput, resumableFetch, type Tool } from '@agent-chat/core';
import { type InFlightRun, replays } from '../../shared/in-flight-store.js';
import { RunRecord } from '../../shared/run-record.js';

// Part of the lazy agent chunk: records the run in flight (its model calls' kept streams, its tool
// results, the answer so far) so a reload can pick it up (resume-run.ts), and shows "Reconnecting…"
// while a dropped connection is being resumed (issue 42, docs/adr/0011).

/**
 * One element's resumable runs: the `fetch` of its model calls, its tools (a replayed call's result
 * is given back, not run again) and its runs (recorded while they go, forgotten when they finish).
 */
export class RunTracker extends RunRecord {
  #replay: string[] = [];

  /** `base` with resumable streams: ids recorded, drops resumed, replays served from the proxy. */
  fetch(base: typeof fetch): typeof fetch {
    return resumableFetch({
      fetch: base,
      onStream: (id) => {
        this.run?.streams.push(id);
        this.save();
      },
      replay: () => this.#replay.shift(),
      onReconnecting: () => this.#reconnecting(true),
      onReconnected: () => this.#reconnecting(false),
    });
  }

  /** `tool`, whose result in a replayed run is the one recorded when it ran. */
  tool<I, O>(tool: Tool<I, O>): Tool<I, O> {
    return {
      ...tool,
      execute: async (args, ctx) => {
        const run = this.run;
        if (run && ctx.toolCallId in run.tools) return run.tools[ctx.toolCallId] as O;
        const result = await tool.execute(args, ctx);
        if (run) {
          run.tools[ctx.toolCallId] = result;
          this.save();
        }
        return result;
      },
    };
  }

  /** The events of `start(input)`, replaying the run a reload handed over (resume-run.ts), if any. */
  override async *track(
    start: (input: RunInput) => AsyncGenerator<AgentEvent, void, undefined>,
    input: RunInput,
    _from?: InFlightRun,
    answer?: InFlightRun['answer'],
  ): AsyncGenerator<AgentEvent, void, undefined> {
    const replay = replays.get(this.host);
    replays.delete(this.host);
    this.#replay = replay ? [...replay.streams] : [];
    try {
      yield* super.track(start, input, replay && { ...replay, text: '' }, answer);
    } finally {
      this.#reconnecting(false);
    }
  }

  protected override finished(): void {
    this.#replay = [];
  }

  #reconnecting(on: boolean): void {
    const host = this.host;
    const was = host.hasAttribute('reconnecting');
    host.toggleAttribute('reconnecting', on);
    // The notice's code loads with the first dropped connection: a run whose connection holds never needs it.
    if (on || was) void import('./reconnecting-notice.js').then((chunk) => chunk.showReconnecting(host, on));
  }
}
