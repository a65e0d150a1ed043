import { decode, encode } from '@toon-format/toon';
import { describe, expect, it } from 'vitest';
import { hasUniformTable, serializeToolOutput } from './serialize-tool-output.js';
import { o200kTokenCounter } from './token-counter.js';

const rows = Array.from({ length: 20 }, (_, i) => ({
  id: i + 1,
  name: `item ${i}`,
  price: i * 1.5,
  inStock: i % 3 !== 0,
}));

describe('serializeToolOutput', () => {
  it('writes a flat table as TOON when that costs fewer tokens, and it decodes back to the same rows', async () => {
    const counter = await o200kTokenCounter();
    const out = serializeToolOutput({ orders: rows }, counter);
    expect(out.format).toBe('toon');
    expect(out.text).toContain('orders[20]{id,name,price,inStock}:');
    expect(out.tokens).toBeLessThan(out.jsonTokens * 0.7);
    expect(out.jsonTokens).toBe(counter.count(JSON.stringify({ orders: rows })));
    expect(decode(out.text, { indentSize: out.toon?.indentSize })).toEqual({ orders: rows });
  });

  it('indents table rows by one space when that saves tokens, and says so for decoders', async () => {
    const counter = await o200kTokenCounter();
    const out = serializeToolOutput(rows, counter);
    const defaults = counter.count(encode(rows));
    // One leading space merges into the row's first token; two spaces are a token of their own.
    expect(out.toon).toEqual({ delimiter: ',', indentSize: 1 });
    expect(out.text.split('\n')[1]).toBe(' 1,item 0,0,false');
    expect(out.tokens).toBeLessThanOrEqual(defaults - rows.length);
    // Strict decoding with the default indent refuses it, so the option travels with the text.
    expect(() => decode(out.text)).toThrow();
    expect(decode(out.text, { indentSize: 1 })).toEqual(rows);
  });

  it('keeps nested data as minified JSON, so it never gets larger', async () => {
    const nested = { user: { name: 'Ada', roles: ['admin'], prefs: { theme: 'dark', langs: ['en', 'fr'] } } };
    const out = serializeToolOutput(nested, await o200kTokenCounter());
    expect(out).toMatchObject({ format: 'json', text: JSON.stringify(nested) });
    expect(out.tokens).toBe(out.jsonTokens);
  });

  it('falls back to JSON when TOON would not be smaller, and leaves strings alone', () => {
    // Rows whose cells are nested objects are not a uniform flat table.
    const irregular = [{ a: { b: 1 } }, { a: { b: 2 } }];
    expect(hasUniformTable(irregular)).toBe(false);
    expect(serializeToolOutput(irregular).format).toBe('json');
    expect(serializeToolOutput('plain text')).toMatchObject({ format: 'text', text: 'plain text' });
    expect(serializeToolOutput(undefined).text).toBe('');
  });

  it('sends the TOON variant with the fewest tokens, tab rows when those are cheaper, still decodable', async () => {
    const counter = await o200kTokenCounter();
    // String-heavy CRM rows: names with spaces and e-mail addresses split into fewer tokens around tabs.
    const first = ['Ada', 'Bo', 'Chen', 'Dana', 'Emeka', 'Fatima'];
    const last = ['Lovelace', 'Nakamura', 'Okafor', 'Silva', 'Novak'];
    const customers = Array.from({ length: 40 }, (_, i) => {
      const name = `${first[i % 6]} ${last[(i * 7) % 5]}`;
      return {
        id: 1000 + i,
        name,
        email: `${name.toLowerCase().replace(' ', '.')}@example.com`,
        plan: 'tea-club',
      };
    });
    const out = serializeToolOutput(customers, counter);
    const variant = (delimiter: ',' | '\t' | '|', indentSize: number) =>
      counter.count(encode(customers, { delimiter, indentSize }));
    const tab = variant('\t', 1);
    expect(tab).toBeLessThan(variant(',', 1));
    expect(out).toMatchObject({ format: 'toon', tokens: tab, toon: { delimiter: '\t', indentSize: 1 } });
    expect(out.text.startsWith('[40\t]{id\tname\temail\tplan}:')).toBe(true);
    // The header names the delimiter, so a decoder needs only the indent.
    expect(decode(out.text, { indentSize: 1 })).toEqual(customers);
    const all = (['\t', ',', '|'] as const).flatMap((d) => [variant(d, 1), variant(d, 2)]);
    expect(out.tokens).toBe(Math.min(...all, out.jsonTokens));
  });
});
