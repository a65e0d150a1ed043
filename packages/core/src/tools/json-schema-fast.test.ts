import { type Schema, Validator } from '@cfworker/json-schema';
import { describe, expect, it } from 'vitest';
import { fastSchemaCheck } from './json-schema-fast.js';
import { schemaValidity } from './json-schema-valid.js';
import { draftOf, leafProblems } from './schema-problems.js';

/** What @cfworker/json-schema reports, as checkJsonSchema reads it. */
function slowCheck(schema: Record<string, unknown>, value: unknown) {
  const result = new Validator(schema as Schema, draftOf(schema), false).validate(value);
  return result.valid ? [] : leafProblems(result.errors);
}

const tag = { type: 'string', minLength: 1, maxLength: 3 };
const point = {
  type: 'object',
  properties: { x: { type: 'number' }, y: { type: 'number' } },
  required: ['x', 'y'],
  additionalProperties: false,
};
const shapes = [
  'x',
  1,
  1.0,
  1.5,
  -0,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  true,
  null,
  '',
  'abc',
  'abcd',
  '😀😀😀',
  '😀😀😀😀',
  '\ud83d',
  [],
  ['a', 'b'],
  [1, 'a', null],
  {},
  { x: 1, y: 2 },
  { x: '1', y: 2, z: 3 },
  { x: 1 },
];

/** Schemas × values: the fast check must give exactly @cfworker's problems (paths, messages, order). */
const table: Array<[string, Record<string, unknown>, unknown[]]> = [
  [
    'lookup (the bench tool)',
    {
      type: 'object',
      properties: { key: { type: 'string' } },
      required: ['key'],
      additionalProperties: false,
    },
    [{ key: 'a' }, { key: 1 }, {}, { key: 'a', more: 1 }, { more: 1, other: [1] }, null, [], 'key'],
  ],
  [
    'every scalar type',
    {
      type: 'object',
      properties: {
        s: { type: 'string' },
        n: { type: 'number' },
        i: { type: 'integer' },
        b: { type: 'boolean' },
        z: { type: 'null' },
      },
    },
    [
      { s: 'a', n: 1.5, i: 2, b: false, z: null },
      { s: 1, n: '1', i: 1.5, b: 'true', z: 0 },
      { i: 1.0 },
      { i: Number.NaN },
      { i: Number.POSITIVE_INFINITY },
      { n: Number.NaN },
      { i: -0 },
      { i: 1e21 },
    ],
  ],
  [
    'type lists',
    { type: 'object', properties: { v: { type: ['string', 'null'] }, w: { type: ['integer', 'boolean'] } } },
    [{ v: null, w: 3 }, { v: 1, w: 1.5 }, { w: Number.NaN }, { w: Number.POSITIVE_INFINITY }, { v: [] }],
  ],
  [
    'enum and const',
    {
      type: 'object',
      properties: {
        mode: { enum: ['fast', 'slow', 1, null] },
        k: { const: 'only' },
        n: { const: null },
        t: { type: 'string', enum: ['a'] },
      },
    },
    [
      { mode: 'fast', k: 'only', n: null },
      { mode: 'medium' },
      { mode: '1' },
      { mode: null },
      { k: 'other', n: 0 },
      { t: 1 },
      { mode: ['fast'] },
      { k: { a: 1 } },
    ],
  ],
  ['lengths in code points', { type: 'object', properties: { tag } }, shapes.map((tag) => ({ tag }))],
  [
    'numbers and bounds',
    {
      type: 'object',
      properties: {
        a: { type: 'number', minimum: 0, maximum: 10 },
        b: { type: 'integer', exclusiveMinimum: 0, exclusiveMaximum: 5 },
      },
    },
    [
      { a: 0, b: 1 },
      { a: -1, b: 0 },
      { a: 11, b: 5 },
      { a: 10.5, b: 4.5 },
      { a: Number.NaN, b: Number.NaN },
      { a: '5', b: '5' },
    ],
  ],
  [
    'arrays',
    {
      type: 'object',
      properties: { tags: { type: 'array', items: tag, minItems: 1, maxItems: 2 } },
      required: ['tags'],
    },
    [
      { tags: ['a'] },
      { tags: [] },
      { tags: ['a', 'b', 'c'] },
      { tags: ['', 'abcd', 3] },
      { tags: 'a' },
      { tags: [null] },
    ],
  ],
  [
    'nested objects',
    { type: 'object', properties: { at: point, path: { type: 'array', items: point } }, required: ['at'] },
    [
      { at: { x: 1, y: 2 } },
      { at: { x: 1 } },
      { at: { x: '1', y: 2, z: 3 } },
      { at: null },
      { at: { x: 1, y: 2 }, path: [{ x: 1, y: 2 }, { y: 'a' }, 5] },
      shapes.slice(16),
    ],
  ],
  [
    'additionalProperties as a schema',
    { type: 'object', properties: { a: { type: 'string' } }, additionalProperties: { type: 'number' } },
    [{ a: 'x', b: 1, c: 2 }, { a: 1, b: 'x' }, { 'a/b~c#d é': 'x' }, {}],
  ],
  [
    'additionalProperties true, no properties',
    { type: 'object', additionalProperties: true, required: ['a', 'b'] },
    [{ a: 1, b: 2 }, { b: 1 }, {}, { a: undefined === 1 }],
  ],
  [
    'anyOf, allOf, oneOf, not',
    {
      type: 'object',
      properties: {
        id: {
          anyOf: [
            { type: 'string', minLength: 2 },
            { type: 'integer', minimum: 1 },
          ],
        },
        both: { allOf: [{ type: 'string' }, { maxLength: 2 }] },
        one: { oneOf: [{ type: 'number' }, { type: 'integer' }] },
        not: { not: { type: 'null' } },
      },
    },
    [
      { id: 'ab', both: 'ab', one: 1.5, not: 1 },
      { id: 'a' },
      { id: 0 },
      { id: null },
      { both: 'abc' },
      { both: 1 },
      { one: 1 },
      { one: 'x' },
      { not: null },
    ],
  ],
  [
    'anyOf of objects',
    {
      type: 'object',
      properties: {
        target: {
          anyOf: [
            point,
            {
              type: 'object',
              properties: { id: { type: 'string' } },
              required: ['id'],
              additionalProperties: false,
            },
          ],
        },
      },
    },
    [
      { target: { x: 1, y: 2 } },
      { target: { id: 'a' } },
      { target: { id: 1 } },
      { target: {} },
      { target: 'x' },
    ],
  ],
  [
    'pattern and boolean subschemas',
    {
      type: 'object',
      properties: { code: { type: 'string', pattern: '^[A-Z]{2}\\d+$' }, any: true, never: false },
    },
    [
      { code: 'AB12' },
      { code: 'ab12' },
      { code: 'AB' },
      { any: { deep: [1] } },
      { never: 1 },
      { never: null, code: 3 },
    ],
  ],
  [
    'annotations and a 2020-12 $schema',
    {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      title: 'T',
      description: 'D',
      type: 'object',
      properties: { a: { type: 'string', description: 'A', default: 'x', examples: ['y'], 'x-hint': 1 } },
      required: ['a'],
    },
    [{ a: 'x' }, {}, { a: 2 }],
  ],
  [
    'draft 7 without bounds',
    {
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      properties: { a: { type: 'number' }, tags: { type: 'array', items: { type: 'string' } } },
      required: ['a'],
    },
    [{ a: 1, tags: ['x'] }, { a: 'one', tags: [1] }, {}],
  ],
  [
    'many errors (capped at 10)',
    { type: 'object', properties: { list: { type: 'array', items: { type: 'string' } } } },
    [{ list: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] }],
  ],
  [
    'a property named like a keyword',
    { type: 'object', properties: { properties: { type: 'string' } }, additionalProperties: false },
    [{ properties: 'x', required: 1 }, { properties: 1 }, { type: 1 }],
  ],
];

describe('the fast JSON Schema check', () => {
  for (const [name, schema, values] of table)
    it(`reports exactly what @cfworker/json-schema reports: ${name}`, () => {
      const fast = fastSchemaCheck(schema);
      expect(fast, 'the fast check takes this schema').toBeDefined();
      for (const value of [...values, ...shapes])
        expect(fast?.(value), JSON.stringify(value)).toEqual(slowCheck(schema, value));
    });

  it('declines a schema with a keyword it does not implement, at any depth', () => {
    const declined = [
      { type: 'object', properties: { when: { type: 'string', format: 'date-time' } } },
      { type: 'object', properties: { a: { $ref: '#/$defs/a' } }, $defs: { a: { type: 'string' } } },
      {
        type: 'object',
        properties: { list: { type: 'array', items: { type: 'string' }, uniqueItems: true } },
      },
      { type: 'object', properties: { list: { type: 'array', items: [{ type: 'string' }] } } },
      { type: 'object', patternProperties: { '^x': { type: 'string' } } },
      { type: 'object', properties: { n: { type: 'number', multipleOf: 0.5 } } },
      { type: 'object', properties: { o: { enum: [{ a: 1 }] } } },
      {
        $schema: 'http://json-schema.org/draft-04/schema#',
        type: 'object',
        properties: { n: { minimum: 1 } },
      },
      { type: 'object', properties: { s: { type: 'string', pattern: '(' } } },
    ];
    for (const schema of declined) expect(fastSchemaCheck(schema), JSON.stringify(schema)).toBeUndefined();
  });

  it('compiles a schema once', () => {
    const schema = { type: 'object', properties: { a: { type: 'string' } } };
    expect(fastSchemaCheck(schema)).toBe(fastSchemaCheck(schema));
  });

  it('throws on values JSON cannot hold, as @cfworker does', () => {
    const schema = { type: 'object', properties: { a: { type: 'string' } } };
    expect(() => fastSchemaCheck(schema)?.({ a: undefined })).toThrow(
      'Instances of "undefined" type are not supported.',
    );
    expect(() => slowCheck(schema, { a: undefined })).toThrow(
      'Instances of "undefined" type are not supported.',
    );
  });
});

/** A small seeded generator (mulberry32), so a failing case is the same on every run. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Random schemas of the keywords both checks take, and random JSON values to try them on. */
function generators(next: () => number) {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  const scalars = [0, 1, -1, 2.5, 3, 10, 'a', 'ab', 'abc', '', 'x1', true, false, null] as const;
  const value = (depth: number): unknown => {
    const roll = next();
    if (depth > 2 || roll < 0.5) return pick(scalars);
    if (roll < 0.7) return Array.from({ length: Math.floor(next() * 4) }, () => value(depth + 1));
    return Object.fromEntries(
      Array.from({ length: Math.floor(next() * 4) }, () => [pick(['a', 'b', 'c']), value(depth + 1)]),
    );
  };
  const schema = (depth: number): unknown => {
    if (depth > 2 && next() < 0.5)
      return pick([true, false, { type: pick(['string', 'number', 'integer']) }]);
    const s: Record<string, unknown> = {};
    const words = ['type', 'enum', 'const', 'not', 'anyOf', 'allOf', 'oneOf', 'required', 'properties'];
    const more = ['additionalProperties', 'items', 'minItems', 'maxItems', 'minimum', 'maximum'];
    const last = ['exclusiveMinimum', 'exclusiveMaximum', 'minLength', 'maxLength', 'pattern', 'description'];
    for (const word of [...words, ...more, ...last]) {
      if (next() > (depth === 0 ? 0.3 : 0.15)) continue;
      const sub = () => schema(depth + 1);
      s[word] = {
        type: () =>
          next() < 0.3
            ? ['string', 'null', 'integer'].slice(0, 1 + Math.floor(next() * 3))
            : pick(['object', 'array', 'string', 'number', 'integer', 'boolean', 'null']),
        enum: () => [pick(scalars), pick(scalars)],
        const: () => pick(scalars),
        not: sub,
        anyOf: () => [sub(), sub()],
        allOf: () => [sub(), sub()],
        oneOf: () => [sub(), sub()],
        required: () => [pick(['a', 'b', 'c'])],
        properties: () => ({ a: sub(), b: sub() }),
        additionalProperties: sub,
        items: sub,
        minItems: () => Math.floor(next() * 3),
        maxItems: () => Math.floor(next() * 3),
        minimum: () => pick([0, 1, 2.5]),
        maximum: () => pick([0, 1, 2.5]),
        exclusiveMinimum: () => pick([0, 1, 2.5]),
        exclusiveMaximum: () => pick([0, 1, 2.5]),
        minLength: () => Math.floor(next() * 3),
        maxLength: () => Math.floor(next() * 3),
        pattern: () => pick(['^a', 'b$', '\\d']),
        description: () => 'words',
      }[word]!();
    }
    return s;
  };
  return { value, schema };
}

describe('the yes-or-no check (json-schema-valid.ts)', () => {
  for (const [name, schema, values] of table)
    it(`agrees with @cfworker/json-schema on every value: ${name}`, () => {
      const valid = schemaValidity(schema);
      expect(valid, 'the yes-or-no check takes this schema').toBeDefined();
      for (const value of [...values, ...shapes])
        expect(valid?.(value), JSON.stringify(value)).toBe(slowCheck(schema, value).length === 0);
    });

  it('agrees with @cfworker/json-schema on 3,000 random schemas, 20 values each', () => {
    const { value, schema } = generators(random(45));
    let valid = 0;
    for (let i = 0; i < 3000; i++) {
      const s = schema(0) as Record<string, unknown>;
      const check = schemaValidity(s);
      expect(check, JSON.stringify(s)).toBeDefined();
      for (let j = 0; j < 20; j++) {
        const v = value(0);
        const expected = slowCheck(s, v).length === 0;
        if (expected) valid++;
        expect(check?.(v), `${JSON.stringify(s)} on ${JSON.stringify(v)}`).toBe(expected);
      }
    }
    // Both answers come up often enough to mean something.
    expect(valid).toBeGreaterThan(3000);
    expect(valid).toBeLessThan(57_000);
  });

  it('declines what the fast check declines, any other keyword, and draft 4', () => {
    const declined = [
      { type: 'object', properties: { when: { type: 'string', format: 'date-time' } } },
      { type: 'object', properties: { a: { $ref: '#/$defs/a' } }, $defs: { a: { type: 'string' } } },
      { type: 'object', properties: { list: { type: 'array', items: [{ type: 'string' }] } } },
      { type: 'object', properties: { o: { enum: [{ a: 1 }] } } },
      { type: 'object', properties: { s: { type: 'string', pattern: '(' } } },
      { type: 'object', properties: { s: { type: 'string', nullable: true } } },
      { $schema: 'http://json-schema.org/draft-04/schema#', type: 'object' },
    ];
    for (const schema of declined) expect(schemaValidity(schema), JSON.stringify(schema)).toBeUndefined();
  });

  it('takes the words that only describe, and answers no for what JSON cannot hold', () => {
    const schema = {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      title: 'Lookup',
      description: 'Looks a tea up.',
      type: 'object',
      properties: { name: { type: 'string', default: 'sencha', examples: ['gyokuro'], 'x-order': 1 } },
    };
    expect(schemaValidity(schema)?.({ name: 'matcha' })).toBe(true);
    expect(schemaValidity(schema)?.({ name: undefined })).toBe(false);
    expect(schemaValidity(schema)).toBe(schemaValidity(schema));
  });
});
