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
    expect(decode(out.text)).toEqual({ orders: rows });
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
    const comma = counter.count(encode(customers));
    const tab = counter.count(encode(customers, { delimiter: '\t' }));
    expect(tab).toBeLessThan(comma);
    expect(out).toMatchObject({ format: 'toon', tokens: tab });
    expect(out.text.startsWith('[40\t]{id\tname\temail\tplan}:')).toBe(true);
    // The header names the delimiter, so a decoder with default options reads it back.
    expect(decode(out.text)).toEqual(customers);
    expect(out.tokens).toBeLessThanOrEqual(
      Math.min(comma, counter.count(encode(customers, { delimiter: '|' })), out.jsonTokens),
    );
  });
});
