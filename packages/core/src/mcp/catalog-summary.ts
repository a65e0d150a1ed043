/** Words that say nothing a tool's name does not: a summary made only of these and the name is left out. */
const VACUOUS = new Set(
  'a an the of for in on to and or with from by into onto your its it as at this that these is are be new existing specific given single'.split(
    ' ',
  ),
);
/** Dropped everywhere: the catalog reads as a list, not as prose. */
const FILLER = new Set(
  'a an the of for in on to with from by into onto at as its it your this that these is are be'.split(' '),
);
/** Not left dangling at the end of a cut summary. */
const DANGLING = new Set([...VACUOUS, 'their', 'which', 'based', 'using', 'whose', 'than']);

const wordsOf = (text: string) =>
  text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
/** Plural and singular, "creates" and "create", count as one word. */
const stem = (word: string) => word.replace(/ies$/, 'y').replace(/(?:es|(?<=[^s])s|e)$/, '');

/**
 * Words a catalog summary keeps at most. Chosen by `pnpm bench mcp-tool-tokens` with a rule fixed before
 * measuring: the shortest length (4–12) at which BM25 finds tools from task phrasings derived from their
 * own docs (recall@3) at least 95% as well as from full descriptions. See bench/results/README.md.
 */
export const CATALOG_SUMMARY_WORDS = 9;

/**
 * A tool's summary as the lazy catalog shows it, so that the catalog, sent with every request, stays
 * small: the first clause of the first sentence without filler words (articles, prepositions) or the
 * server's own name, cut to `maxWords` words (no dangling
 * filler at the end), or nothing at all when it only repeats the tool's and server's names
 * ("search_users: Search for users on GitHub" says no more than `search_users` on the server "github").
 *
 * @example
 * catalogSummary('Get the contents of a file or directory from a GitHub repository', 'get_file_contents', 'github');
 * // 'Get contents file or directory repository'
 */
export function catalogSummary(
  summary: string,
  toolName: string,
  serverId: string,
  maxWords = CATALOG_SUMMARY_WORDS,
): string {
  const sentence = summary.replace(/[.!?…]+$/, '').trim();
  const named = new Set([...wordsOf(toolName), ...wordsOf(serverId)].map(stem));
  const server = new Set(wordsOf(serverId).map(stem));
  if (wordsOf(sentence).every((word) => VACUOUS.has(word) || named.has(stem(word)))) return '';
  const words = withoutFiller(firstClause(sentence).split(/\s+/)).filter((w) => !namesServer(w, server));
  const kept = words.slice(0, maxWords);
  if (kept.length < words.length)
    while (kept.length > 1 && DANGLING.has(kept.at(-1)!.toLowerCase())) kept.pop();
  return kept.join(' ');
}

/** The words without filler, except a filler word joined by "or"/"and" ("on or off" keeps its "on"). */
function withoutFiller(words: readonly string[]): string[] {
  const joined = (i: number) => /^(?:or|and)$/i.test(words[i] ?? '');
  return words.filter((word, i) => !FILLER.has(word.toLowerCase()) || joined(i - 1) || joined(i + 1));
}

/**
 * True for the server's own name written as a proper noun ("GitHub" on `github`): the block's header says
 * it once. A common word that happens to be the id ("files" on `files`) stays.
 */
function namesServer(word: string, server: ReadonlySet<string>): boolean {
  const parts = wordsOf(word);
  return /^[A-Z]/.test(word) && parts.length > 0 && parts.every((part) => server.has(stem(part)));
}

/** Up to a `;`, `:`, ` (` or ` - `, or a comma after the first three words ("Toggles simulated, …" stays whole). */
function firstClause(sentence: string): string {
  const clause = (sentence.split(/[;:]|\s\(|\s[-–—]\s/)[0] ?? '').trim();
  const comma = /^(?:\S+\s+){3,}?\S*?,/.exec(clause);
  return comma ? comma[0].slice(0, -1) : clause;
}
