import type { KeywordEntry, KeywordIndex, KeywordIndexOptions } from './keyword-index.js';

/** A call on a keyword index by message (to its worker, or replayed on the page when no worker starts). */
export type KeywordCall =
  | { method: 'init'; options: KeywordIndexOptions }
  | { method: 'add'; entries: KeywordEntry[] }
  | { method: 'remove'; ids: string[] }
  | { method: 'search'; query: string; k: number }
  | { method: 'save' }
  | { method: 'load'; json: string }
  | { method: 'vacuum' }
  | { method: 'clear' };

/** Page → worker. */
export type KeywordRequest = { id: number } & KeywordCall;

/** Worker → page: a result, or an error message. */
export type KeywordResponse =
  | { id: number; ok: true; result: unknown }
  | { id: number; ok: false; message: string };

/** Runs one call on `index` (`init` is the caller's: it makes the index). */
export function answerKeywordCall(index: KeywordIndex, call: KeywordCall): unknown {
  switch (call.method) {
    case 'init':
      return undefined;
    case 'add':
      return index.add(call.entries);
    case 'remove':
      return index.remove(call.ids);
    case 'search':
      return index.search(call.query, call.k);
    case 'save':
      return index.save();
    case 'load':
      return index.load(call.json);
    case 'vacuum':
      return index.vacuum();
    case 'clear':
      return index.clear();
  }
}
