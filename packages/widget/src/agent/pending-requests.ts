import type { ReactiveController, ReactiveElement } from 'lit';
import type { ApprovalItem, ClarifyItem, TranscriptItem } from '../transcript-model/transcript.js';
import type { AgentSourceController } from './agent-source-controller.js';
import type { RunController } from './run-controller.js';

/**
 * The questions (`clarify.request`) and approvals a paused run waits on: a new one takes the focus, and
 * an answer goes back to the agent, whose continued run plays into the same transcript.
 */
export class PendingRequestsController implements ReactiveController {
  readonly #focused = new Set<string>();
  readonly #host: ReactiveElement;
  readonly #run: RunController;
  readonly #source: AgentSourceController;
  readonly #fail: (error: unknown) => void;
  readonly #focus: () => void;
  readonly #cannotRespond: () => string;

  constructor(deps: {
    host: ReactiveElement;
    run: RunController;
    source: AgentSourceController;
    fail: (error: unknown) => void;
    focus: () => void;
    cannotRespond: () => string;
  }) {
    this.#host = deps.host;
    this.#run = deps.run;
    this.#source = deps.source;
    this.#fail = deps.fail;
    this.#focus = deps.focus;
    this.#cannotRespond = deps.cannotRespond;
    deps.host.addController(this);
  }

  readonly answer = (item: ClarifyItem, value: unknown): void => {
    this.#settle(item.id, { state: 'answered' });
    void this.#respond(item.requestId, value).catch(this.#fail);
  };

  readonly decide = (item: ApprovalItem, approved: boolean): void => {
    this.#settle(item.id, { state: approved ? 'approved' : 'denied' });
    void this.#respond(item.requestId, { approved }).catch(this.#fail);
  };

  /** A question or approval that just appeared takes the focus, so it can be answered from the keyboard. */
  hostUpdated(): void {
    const pending = this.#run.transcript.findLast(
      (item) => (item.kind === 'clarify' || item.kind === 'approval') && item.state === 'pending',
    );
    if (!pending || this.#focused.has(pending.id)) return;
    const forms = this.#host.renderRoot.querySelectorAll('[part~="clarify"], [part~="approval"]');
    const field = forms[forms.length - 1]?.querySelector<HTMLElement>('input, textarea, select, button');
    // Not rendered yet (its view is a lazy chunk on a page's first question): focus it on a later update.
    if (!field) return;
    this.#focused.add(pending.id);
    field.focus();
  }

  #settle(id: string, patch: Partial<ClarifyItem> | Partial<ApprovalItem>): void {
    this.#run.patch((items) => items.map((i) => (i.id === id ? ({ ...i, ...patch } as TranscriptItem) : i)));
    this.#host.updateComplete.then(this.#focus);
  }

  async #respond(requestId: string, value: unknown): Promise<void> {
    const events = await this.#source.respond(requestId, value, this.#cannotRespond());
    // A runtime may continue the paused run in its own generator, or hand back the continued run's events.
    if (!events) return;
    if (this.#run.status === 'running') await this.#run.feed(events);
    else await this.#run.consume(() => events);
  }
}
