import { type AgentEvent, type RunInput, resumableFetch, type Tool } from '@agent-chat/core';
import { type InFlightRun, removeInFlight, replays, saveInFlight } from './in-flight-store.js';

// Part of the lazy agent chunk: records the run in flight (its model calls' kept streams, its tool
// results, the answer so far) so a reload can pick it up (resume-run.ts), and shows "Reconnecting…"
// while a dropped connection is being resumed (issue 42, docs/adr/0011).

const RECONNECTING = 'Reconnecting…';

/**
 * One element's resumable runs: the `fetch` of its model calls, its tools (a replayed call's result
 * is given back, not run again) and its runs (recorded while they go, forgotten when they finish).
 */
export class RunTracker {
  #run: InFlightRun | undefined;
  #replay: string[] = [];
  #saving: Promise<void> = Promise.resolve();
  #textSaved = 0;

  constructor(readonly host: HTMLElement) {}

  /** `base` with resumable streams: ids recorded, drops resumed, replays served from the proxy. */
  fetch(base: typeof fetch): typeof fetch {
    return resumableFetch({
      fetch: base,
      onStream: (id) => {
        this.#run?.streams.push(id);
        this.#save();
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
        const run = this.#run;
        if (run && ctx.toolCallId in run.tools) return run.tools[ctx.toolCallId] as O;
        const result = await tool.execute(args, ctx);
        if (run) {
          run.tools[ctx.toolCallId] = result;
          this.#save();
        }
        return result;
      },
    };
  }

  /** The events of `start(input)`, recording the run until it finishes. */
  async *track(
    start: (input: RunInput) => AsyncGenerator<AgentEvent, void, undefined>,
    input: RunInput,
  ): AsyncGenerator<AgentEvent, void, undefined> {
    const replay = replays.get(this.host);
    replays.delete(this.host);
    this.#run = replay && { ...replay, text: '' };
    this.#replay = replay ? [...replay.streams] : [];
    try {
      for await (const event of start(input)) {
        this.#observe(event, input);
        yield event;
      }
    } finally {
      this.#reconnecting(false);
    }
  }

  #observe(event: AgentEvent, input: RunInput): void {
    const run = this.#run;
    if (event.type === 'run.start' && !run) {
      this.#run = {
        conversationId: event.conversationId,
        message: input.message,
        streams: [],
        tools: {},
        text: '',
      };
      this.#save();
    } else if (event.type === 'response.chunk' && run) {
      run.text += event.text;
      // The answer so far, about every 200 characters: enough to show at once after a reload.
      if (run.text.length - this.#textSaved > 200) this.#save();
    } else if (event.type === 'response.reset' && run) {
      run.text = '';
    } else if (event.type === 'run.finish' && run) {
      this.#run = undefined;
      this.#replay = [];
      const id = run.conversationId;
      this.#saving = this.#saving.then(() => removeInFlight(id)).catch(() => {});
    }
  }

  #save(): void {
    const run = this.#run;
    if (!run) return;
    this.#textSaved = run.text.length;
    const copy = { ...run, streams: [...run.streams], tools: { ...run.tools } };
    this.#saving = this.#saving.then(() => saveInFlight(copy)).catch(() => {});
  }

  #reconnecting(on: boolean): void {
    const host = this.host;
    host.toggleAttribute('reconnecting', on);
    const root = host.shadowRoot;
    const shown = root?.querySelector('[part~="reconnecting"]');
    if (!on) {
      shown?.remove();
      return;
    }
    if (shown || !root) return;
    const notice = document.createElement('p');
    notice.setAttribute('part', 'reconnecting');
    notice.setAttribute('role', 'status');
    notice.className = 'notice';
    notice.textContent = RECONNECTING;
    // Outside every part Lit re-renders, like the transcript notice, so it stays until the rest comes.
    root.querySelector('slot[name="turnstile"]')?.after(notice);
  }
}

/** Whether the element's page left resuming on (`resume="off"` turns it off). */
export function resumeOn(host: HTMLElement | undefined): host is HTMLElement {
  return host !== undefined && host.getAttribute('resume') !== 'off';
}
