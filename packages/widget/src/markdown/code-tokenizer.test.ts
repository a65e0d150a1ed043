import { tokenize } from '@speed-highlight/core';
import { describe, expect, it } from 'vitest';
import { type TokenSink, tokenizeCode } from './code-tokenizer.js';

type Token = [text: string, type: string | undefined];

/** The non-empty pieces a tokenizer gives, adjacent pieces of one type joined. */
async function tokens(run: (sink: TokenSink) => Promise<void>): Promise<Token[]> {
  const out: Token[] = [];
  await run((text, type) => {
    if (!text) return;
    const last = out.at(-1);
    if (last && last[1] === type) last[0] += text;
    else out.push([text, type]);
  });
  return out;
}

// Source code as test input: its `${…}` are JavaScript template literals, not this file's.
const SAMPLES: Record<string, string> = {
  js: [
    '/** Adds tax. @param {number} price */',
    'export const withTax = async (price) => { // TODO: rates',
    '  const re = /\\d+\\.\\d{2}/g;',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: JavaScript source as test input
    '  return `${price * 1.2} € ${re.test(String(price)) ? "ok" : \'no\'}`;',
    '};',
    'class Cart extends Map { get total() { return 0x1F + 3.5e-2; } }',
  ].join('\n'),
  ts: 'interface Tea { name: string; price?: number }\nfunction cheap<T extends Tea>(t: T[]): T[] { return t.filter((x) => (x.price ?? 0) < 10); }',
  py: 'def steep(grams: int) -> float:\n    """Minutes."""  # FIXME\n    return f"{grams * 30} s" if grams else None\nprint(steep(3), True)',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: shell source as test input
  bash: '#!/bin/bash\nexport NAME="sencha"\nif [ -z "$NAME" ]; then echo ${NAME} | grep -i tea; fi',
  json: '{"name": "Sencha", "price": 12.5, "tags": ["green", null], "ok": true}',
  html: '<!doctype html>\n<div class="tea" data-x=\'1\'><!-- note --><b>Sencha</b> &amp; more</div>',
  css: '@media (max-width: 600px) { .tea > b:hover { color: #0a0; margin: 0 1.5em !important; } }',
  sql: "SELECT name, price FROM teas WHERE price < 10 -- cheap\nORDER BY name; /* done */ INSERT INTO t VALUES ('x', 1);",
  rs: 'fn main() { let mut v: Vec<u32> = vec![1, 2]; // TODO\n  println!("{}", v.len()); }',
  yaml: 'name: Sencha # tea\nprice: 12.5\ntags:\n  - green\n  - "japanese"\nok: true',
  md: '# Brewing\n\nSteep **3 g** for `2 min`, see [guide](https://example.com).\n\n```js\nconst x = 1; // TODO\n```\n\n- done',
  diff: '--- a/x\n+++ b/x\n@@ -1,2 +1,2 @@\n-old line\n+new line\n context',
  go: 'package main\nimport "fmt"\nfunc main() { fmt.Println("hi", 42) }',
  c: '#include <stdio.h>\nint main(void) { printf("%d\\n", 42); return 0; } /* end */',
  toml: '[tea]\nname = "Sencha"\nprice = 12.5\nok = true # yes',
};

describe('tokenizeCode', () => {
  for (const [language, code] of Object.entries(SAMPLES)) {
    it(`cuts ${language} into the same tokens as @speed-highlight/core`, async () => {
      const ours = await tokens((sink) => tokenizeCode(code, language, sink));
      const theirs = await tokens((sink) => tokenize(code, language as never, sink));
      expect(ours).toEqual(theirs);
      expect(ours.map(([text]) => text).join('')).toBe(code);
      // Something was highlighted, not all plain.
      expect(ours.some(([, type]) => type !== undefined)).toBe(true);
    });
  }

  it('gives the code as plain text for a language it does not have, an inherited property name included', async () => {
    for (const name of ['klingon', 'constructor', '__proto__']) {
      const out = await tokens((sink) => tokenizeCode('const x = 1;', name, sink));
      expect(out).toEqual([['const x = 1;', undefined]]);
    }
  });

  it('keeps the text whole when a fence in Markdown names a language it does not have', async () => {
    const code = "```klingon\nQapla'\n```\nthen **bold**";
    const out = await tokens((sink) => tokenizeCode(code, 'md', sink));
    expect(out.map(([text]) => text).join('')).toBe(code);
  });
});
