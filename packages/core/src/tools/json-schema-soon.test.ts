// A file of its own: it starts with neither the fast check's rarer keywords nor @cfworker/json-schema loaded.
import { describe, expect, it } from 'vitest';
import { fastSchemaCheck } from './json-schema-fast.js';
import { checkJsonSchemaSoon, prepareJsonSchemaCheck } from './json-schema-soon.js';

const usual = {
  type: 'object',
  properties: { name: { type: 'string' }, size: { enum: ['small', 'large'] } },
  required: ['name'],
};
const bounded = {
  type: 'object',
  properties: {
    grams: { type: 'number', minimum: 1, maximum: 100 },
    tags: { type: 'array', items: { type: 'string' } },
  },
  required: ['grams'],
};

describe('checkJsonSchemaSoon', () => {
  it('checks the usual tool schema at once, without loading anything', () => {
    expect(checkJsonSchemaSoon(usual, { name: 'Sencha' })).toEqual([]);
    const problems = checkJsonSchemaSoon(usual, { size: 'huge' });
    expect(Array.isArray(problems)).toBe(true);
    expect(JSON.stringify(problems)).toContain('name');
    // Bounds, lengths, patterns, arrays and combiners wait for their chunk.
    expect(fastSchemaCheck(bounded)).toBe('more');
  });

  it('loads the rarer keywords for a schema that has them, then checks it at once from then on', async () => {
    const first = checkJsonSchemaSoon(bounded, { grams: 500, tags: ['green', 3] });
    expect(first).toBeInstanceOf(Promise);
    const problems = await first;
    expect(JSON.stringify(problems)).toContain('500 is greater than 100');
    expect(JSON.stringify(problems)).toContain('Instance type \\"number\\" is invalid');
    expect(typeof fastSchemaCheck(bounded)).toBe('function');
    expect(checkJsonSchemaSoon(bounded, { grams: 3, tags: [] })).toEqual([]);
  });

  it('prepares a schema so that its check answers at once', async () => {
    const form = { type: 'object', properties: { note: { type: 'string', maxLength: 5 } } };
    await prepareJsonSchemaCheck(form);
    expect(JSON.stringify(checkJsonSchemaSoon(form, { note: 'too long' }))).toContain('String is too long');
  });
});
