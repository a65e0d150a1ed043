import { stemmer } from 'stemmer';

// English function words that carry no topic: dropping them keeps BM25 from rewarding chunks for
// "the" and "what". A compact list in the spirit of the classic IR stop lists (SMART, Lucene).
const ENGLISH_STOP_WORDS = new Set(
  (
    'a about above after again against all also am an and any are as at be because been before being below ' +
    'between both but by can could did do does doing down during each either else few for from further had ' +
    'has have having he her here hers herself him himself his how however i if in into is it its itself just ' +
    'may me might more most must my myself no nor not now of off on once only or other ought our ours ' +
    'ourselves out over own same shall she should so some such than that the their theirs them themselves ' +
    'then there these they this those through thus to too under until up upon us very was we were what when ' +
    'where whether which while who whom whose why will with within without would yet you your yours yourself ' +
    'yourselves'
  ).split(' '),
);

/** Options of {@link keywordAnalyzer}. */
export interface KeywordAnalyzerOptions {
  /** Porter stemming (English), so "flows", "flowing" and "flow" match; default true. */
  stemming?: boolean;
  /** Words to drop; default an English list, `false` keeps every word. */
  stopWords?: ReadonlySet<string> | false;
}

/**
 * The term pipeline of keyword search: lower case, stop words out, Porter stem. Returns null for a
 * dropped term, as MiniSearch's `processTerm` expects.
 */
export function keywordAnalyzer(options: KeywordAnalyzerOptions = {}): (term: string) => string | null {
  const stemming = options.stemming ?? true;
  const stopWords = options.stopWords === false ? undefined : (options.stopWords ?? ENGLISH_STOP_WORDS);
  return (term) => {
    const lower = term.toLowerCase();
    if (lower.length === 0 || stopWords?.has(lower)) return null;
    return stemming && /^[a-z]+$/.test(lower) ? stemmer(lower) : lower;
  };
}
