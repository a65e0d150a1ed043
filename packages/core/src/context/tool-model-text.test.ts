import { decode } from '@toon-format/toon';
import { describe, expect, it } from 'vitest';
import { o200kTokenCounter } from './token-counter.js';
import { modelText } from './tool-model-text.js';

describe('modelText', () => {
  it('sends a result without a table as minified JSON, as the negotiation would', async () => {
    const counter = await o200kTokenCounter();
    const result = { name: 'Sencha', origin: 'Japan', tags: ['green', 'steamed'], stock: { grams: 250 } };
    expect(await modelText(result, counter)).toBe(JSON.stringify(result));
  });

  it('sends a table as TOON when that is smaller, and it decodes back to the same rows', async () => {
    const counter = await o200kTokenCounter();
    const rows = Array.from({ length: 12 }, (_, i) => ({ id: i + 1, name: `tea ${i}`, price: i * 2.5 }));
    const text = await modelText({ teas: rows }, counter);
    expect(text).toContain('teas[12]{id,name,price}:');
    expect(decode(text, { indentSize: text.includes('\n  ') ? 2 : 1 })).toEqual({ teas: rows });
  });

  it('writes what JSON cannot (a cycle) as text instead of failing the tool call', async () => {
    const counter = await o200kTokenCounter();
    const cyclic: Record<string, unknown> = { name: 'loop' };
    cyclic.self = cyclic;
    expect(await modelText(cyclic, counter)).toBe('[object Object]');
  });
});
