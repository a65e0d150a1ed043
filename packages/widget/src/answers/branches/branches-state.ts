import { transcriptFromMessages } from '../../conversations/history.js';
import { lastConversation } from '../../shared/widget-config.js';
import type { AnswerActionsDeps } from '../actions/answer-actions-deps.js';
import { forkAt, loadFamily } from './branch-store.js';
import { branchesByTurn, type TurnBranches } from './branch-variants.js';

/**
 * Branches of one element: the versions of each turn of the conversation shown (read from the store when
 * the conversation or its length changes), the message being edited, and making a new branch.
 */
export class BranchesState {
  turns = new Map<number, TurnBranches>();
  /** The user turn whose message is being edited. */
  editing: number | undefined;
  #readFor = '';
  readonly #d: AnswerActionsDeps;

  constructor(deps: AnswerActionsDeps) {
    this.#d = deps;
  }

  /** Reads the branches again when the conversation shown changed (another one, or a finished turn). */
  sync(): void {
    const { run } = this.#d;
    const id = run.conversationId;
    const key = `${id}|${run.status}|${run.transcript.length}`;
    if (key === this.#readFor || run.status === 'running') return;
    this.#readFor = key;
    if (!id) {
      this.turns = new Map();
      return;
    }
    void loadFamily(this.#d.store(), id).then(
      (family) => {
        if (this.#readFor !== key) return;
        this.turns = branchesByTurn(id, family);
        this.#d.host.requestUpdate();
      },
      () => {},
    );
  }

  /** Opens (a turn) or closes (`undefined`) the editor of a user message; the editor takes the focus. */
  edit(turn: number | undefined): void {
    this.editing = turn;
    const { host } = this.#d;
    host.requestUpdate();
    if (turn !== undefined)
      void host.updateComplete.then(() =>
        host.renderRoot.querySelector<HTMLTextAreaElement>('.message-editor textarea')?.focus(),
      );
  }

  /** Shows branch `index` of user turn `turn`. */
  show(turn: number, index: number): void {
    const id = this.turns.get(turn)?.ids[index];
    if (id) void this.#d.conversations.open(id).catch(this.#d.fail);
  }

  /**
   * Keeps the conversation as it is and continues a new branch of it from user turn `turn` with `text`:
   * an edited message, or the same one again (regenerate). The model sees only the new branch.
   */
  async branch(turn: number, text: string): Promise<void> {
    const d = this.#d;
    const id = d.run.conversationId;
    if (!id || d.run.status === 'running' || !text.trim()) return;
    this.editing = undefined;
    try {
      const fork = await forkAt(d.store(), id, turn);
      d.run.reset(transcriptFromMessages(fork.id, fork.messages), fork.id);
      d.host.conversationId = fork.id;
      lastConversation.set(d.host, fork.id);
      await d.send.send(text);
    } catch (error) {
      d.fail(error);
    }
  }
}

const states = new WeakMap<object, BranchesState>();

/** The branches state of the element of `deps` (one per element). */
export function branchesOf(deps: AnswerActionsDeps): BranchesState {
  let state = states.get(deps.host);
  if (!state) {
    state = new BranchesState(deps);
    states.set(deps.host, state);
  }
  return state;
}

/** The text of user turn `turn` of the transcript shown, and how many user turns it has. */
export function userTurn(deps: AnswerActionsDeps, turn: number): string | undefined {
  return deps.run.transcript.filter((i) => i.kind === 'user')[turn]?.text;
}
