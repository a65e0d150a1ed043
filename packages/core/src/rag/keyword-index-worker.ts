// The Web Worker behind backgroundKeywordIndex: hosts one keywordIndex, so tokenising, searching, saving
// and loading the keyword index never run on the page's thread.
import { answerKeywordCall, type KeywordRequest, type KeywordResponse } from './keyword-requests.js';
import { type ShardedKeywordIndex, shardedKeywordIndex } from './sharded-keyword-index.js';

/** The dedicated worker's global scope, as this file uses it. */
interface WorkerScope {
  onmessage: ((event: MessageEvent<KeywordRequest>) => void) | null;
  postMessage(message: KeywordResponse): void;
}

const scope: WorkerScope = globalThis as typeof globalThis & WorkerScope;
let index: ShardedKeywordIndex | undefined;

// Requests are answered one after another, in the order sent: a search sees every add sent before it.
let queue: Promise<unknown> = Promise.resolve();
scope.onmessage = ({ data: request }) => {
  queue = queue.then(async () => {
    try {
      if (request.method === 'init') index = shardedKeywordIndex(request.options);
      if (!index) throw new Error('the keyword worker was used before init');
      const result = await answerKeywordCall(index, request);
      scope.postMessage({ id: request.id, ok: true, result, ...damaged() });
    } catch (error) {
      scope.postMessage({ id: request.id, ok: false, message: String(error), ...damaged() });
    }
  });
};

/** What made the opened saved index partly unusable, for the page to rebuild it. */
function damaged(): { damaged?: string } {
  const reason = index?.takeDamage();
  return reason ? { damaged: reason } : {};
}
