// A tokenizer for @speed-highlight/core's language definitions (its `languages/*.js` modules), loading only the
// languages a block uses. The library's own entry bundles every language into one module (about 9 kB gzipped);
// this driver and one language cost about 1.5 kB. Its tokens equal the library's (code-tokenizer.test.ts).
import { LANGUAGE_LOADERS } from './highlight-languages.js';

/** Receives the code in order, piece by piece: a token's text and its type, or plain text (no type). */
export type TokenSink = (text: string, type: string | undefined) => void;

/** What a rule matches with: a RegExp with the `g` flag, or an object that behaves like one. */
interface Matcher {
  lastIndex: number;
  exec(text: string): RegExpExecArray | { index: number; 0: string } | null;
}

/** One rule of a language: a token type, a sub-language for what it matched, or a shared rule by name. */
export interface TokenRule {
  match?: Matcher;
  type?: string;
  sub?: string | TokenRule[] | ((text: string) => string | TokenGrammar);
  expand?: string;
}

/** Rules with the type of the text none of them matches. */
export interface TokenGrammar {
  sub: TokenRule[];
  type?: string;
}

/** Shared rules the language modules name with `expand` (the library keeps them in its common module). */
const SHARED: Record<string, TokenRule> = {
  num: { type: 'num', match: /(\.e?|\b)\d(e-|[\d.oxa-fA-F_])*(\.|\b)/g },
  str: { type: 'str', match: /(["'])(\\[\s\S]|(?!\1)[^\r\n\\])*\1?/g },
  strDouble: { type: 'str', match: /"((?!")[^\r\n\\]|\\[\s\S])*"?/g },
};

const grammars = new Map<string, Promise<TokenGrammar>>();

/** A language's grammar by name, loaded once; rejects for a name the highlighter does not have. */
export function loadGrammar(name: string): Promise<TokenGrammar> {
  let grammar = grammars.get(name);
  if (!grammar) {
    const load = Object.hasOwn(LANGUAGE_LOADERS, name) ? LANGUAGE_LOADERS[name] : undefined;
    grammar = load
      ? load().then((module) => ({ sub: module.default as TokenRule[], type: module.type }))
      : Promise.reject(new Error(`no highlighter language "${name}"`));
    grammars.set(name, grammar);
  }
  return grammar;
}

interface Found {
  rule: TokenRule;
  index: number;
  text: string;
  end: number;
}

/**
 * Cuts `code` into tokens of `language` (a name or a grammar). At each position the rule whose next match
 * starts first wins (the earlier rule on a tie); text between matches takes the grammar's type; a rule with a
 * `sub` tokenizes its match again in that grammar. Code it cannot tokenize (a language that failed to load)
 * goes to `sink` as plain text: the text is always whole.
 */
export async function tokenizeCode(
  code: string,
  language: string | TokenGrammar,
  sink: TokenSink,
): Promise<void> {
  let position = 0;
  try {
    const grammar = typeof language === 'string' ? await loadGrammar(language) : language;
    const rules = [...grammar.sub];
    // Each rule's next match at or after the position, kept until the position passes it.
    const next: ({ match: { index: number; 0: string }; end: number } | undefined)[] = [];
    while (position < code.length) {
      let found: Found | undefined;
      for (let i = rules.length - 1; i >= 0; i--) {
        const rule = rules[i]!.expand ? SHARED[rules[i]!.expand!]! : rules[i]!;
        let ahead = next[i];
        if (ahead === undefined || ahead.match.index < position) {
          const matcher = rule.match!;
          matcher.lastIndex = position;
          const match = matcher.exec(code);
          if (match === null) {
            // Nothing further in the code for this rule.
            rules.splice(i, 1);
            next.splice(i, 1);
            continue;
          }
          ahead = { match, end: matcher.lastIndex };
          next[i] = ahead;
        }
        if (ahead.match[0] && (found === undefined || ahead.match.index <= found.index))
          found = { rule, index: ahead.match.index, text: ahead.match[0], end: ahead.end };
      }
      if (found === undefined) break;
      sink(code.slice(position, found.index), grammar.type);
      position = found.end;
      const { sub } = found.rule;
      if (sub === undefined) sink(found.text, found.rule.type);
      else
        await tokenizeCode(
          found.text,
          typeof sub === 'string'
            ? sub
            : typeof sub === 'function'
              ? sub(found.text)
              : (found.rule as TokenGrammar),
          sink,
        );
    }
    sink(code.slice(position), grammar.type);
  } catch {
    sink(code.slice(position), undefined);
  }
}
