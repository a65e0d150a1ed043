// Shared by the chunks that record runs (the agent chunk, the remote agent's) and the resume chunk (which
// picks them up after a reload): the in-flight run of each conversation in IndexedDB, kept until the run
// finishes (issue 42).

/** What a reload needs to pick a run up without paying for it again. */
export interface InFlightRun {
  conversationId: string;
  /** The user's message, sent again as the replayed run's input. */
  message: string;
  /** The kept streams of the run's model calls, in call order (`X-Stream-Id`). */
  streams: string[];
  /** Results of the tool calls that ran, by tool call id: a replayed run does not run them again. */
  tools: Record<string, unknown>;
  /** The answer so far, shown at once after a reload (and as interrupted when it cannot be resumed). */
  text: string;
  /**
   * A run continued by the user's approval (`agent.respond`): picked up by giving the same answer again, as
   * core keeps the answered checkpoint until the continued run is stored. `message` is empty then.
   */
  answer?: { requestId: string; value: unknown };
}

const DB = 'agent-chat-resume';
const STORE = 'runs';

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: 'conversationId' });
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

async function transact<T>(mode: IDBTransactionMode, act: (store: IDBObjectStore) => IDBRequest): Promise<T> {
  const db = await open();
  try {
    return await new Promise<T>((resolve, reject) => {
      const request = act(db.transaction(STORE, mode).objectStore(STORE));
      request.onsuccess = () => resolve(request.result as T);
      request.onerror = () => reject(request.error);
    });
  } finally {
    db.close();
  }
}

/**
 * A run in flight is also marked in localStorage (`agent-chat-resume:<conversation>`): a page load checks
 * the mark (see {@link mayHaveInFlight} in agent/send-controller.ts) before it loads the resume chunk and opens
 * this database, so a page with nothing to pick up does neither.
 */
export const IN_FLIGHT_MARK = 'agent-chat-resume:';

function mark(conversationId: string, on: boolean): void {
  try {
    if (on) localStorage.setItem(IN_FLIGHT_MARK + conversationId, '1');
    else localStorage.removeItem(IN_FLIGHT_MARK + conversationId);
  } catch {
    // Storage off (a sandboxed frame): the next load finds no mark and resumes nothing, as before the run.
  }
}

/** The in-flight run of `conversationId`, if a page left one. */
export function loadInFlight(conversationId: string): Promise<InFlightRun | undefined> {
  return transact('readonly', (store) => store.get(conversationId));
}

/** Keeps `run` (a structured clone; a tool result that cannot be cloned is left out). */
export async function saveInFlight(run: InFlightRun): Promise<void> {
  mark(run.conversationId, true);
  try {
    await transact('readwrite', (store) => store.put(run));
  } catch {
    await transact('readwrite', (store) => store.put({ ...run, tools: {} })).catch(() => {});
  }
}

/** The run finished (or cannot be resumed): forget it. */
export function removeInFlight(conversationId: string): Promise<void> {
  return transact<undefined>('readwrite', (store) => store.delete(conversationId)).then(() =>
    mark(conversationId, false),
  );
}

/** Runs the resume chunk hands to the element's agent: the next run of that element replays it. */
export const replays = new WeakMap<object, InFlightRun>();
