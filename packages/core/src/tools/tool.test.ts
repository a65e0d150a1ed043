import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { ConfigurationError } from '../errors.js';
import { fromJSONSchema } from './json-schema-type.js';
import { defineTool } from './tool.js';

describe('defineTool', () => {
  it('turns zod parameters into the JSON Schema sent to the provider', () => {
    const tool = defineTool({
      name: 'get_weather',
      description: 'Weather for a city.',
      parameters: z.object({ city: z.string().describe('City name'), days: z.number().int().optional() }),
      execute: () => 'sunny',
    });
    expect(tool.jsonSchema).toMatchObject({
      type: 'object',
      properties: { city: { type: 'string', description: 'City name' }, days: { type: 'integer' } },
      required: ['city'],
    });
    expect(tool.jsonSchema).not.toHaveProperty('$schema');
  });

  it("keeps the tag of the page's view (the widget shows each call with it)", () => {
    const tool = defineTool({
      name: 'search_products',
      description: 'Searches the shop.',
      parameters: { type: 'object', properties: {} },
      view: 'tea-results',
      execute: () => [],
    });
    expect(tool.view).toBe('tea-results');
  });

  it('accepts a plain JSON Schema and validates against it (the validator loads with the first call)', async () => {
    const tool = defineTool({
      name: 'echo',
      description: 'Echo.',
      parameters: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
      execute: (args) => args,
    });
    expect(await tool.validate({ text: 'hi' })).toEqual({ ok: true, value: { text: 'hi' } });
    expect(await tool.validate({ text: 3 })).toEqual({
      ok: false,
      issues: expect.stringMatching(/^text: .*string/),
    });
    expect(await tool.validate({})).toEqual({
      ok: false,
      issues: expect.stringMatching(/^\(root\): .*"text"$/),
    });
  });

  it('validates zod parameters through Standard Schema, reporting path and message per issue', () => {
    const tool = defineTool({
      name: 'add',
      description: 'Add.',
      parameters: z.object({ a: z.number(), b: z.object({ c: z.string() }) }),
      execute: ({ a, b }) => a + b.c.length,
    });
    expect(tool.validate({ a: 1, b: { c: 'xy' } })).toEqual({ ok: true, value: { a: 1, b: { c: 'xy' } } });
    const failed = tool.validate({ a: 'one', b: { c: 2 } });
    expect(failed).toEqual({ ok: false, issues: expect.stringMatching(/^a: .*number.*; b\.c: .*string/) });
  });

  it('rejects definitions that a provider would refuse', () => {
    const base = { description: 'd', parameters: z.object({}), execute: () => 1 };
    expect(() => defineTool({ ...base, name: 'has space' })).toThrow(ConfigurationError);
    expect(() => defineTool({ ...base, name: 'ok', description: '' })).toThrow(/description is required/);
    expect(() => defineTool({ ...base, name: 'ok', parameters: z.string() as never })).toThrow(
      /must describe an object/,
    );
    expect(() => defineTool({ ...base, name: 'ok', parameters: 'nope' as never })).toThrow(
      /zod object schema \(or another Standard Schema with JSON Schema support\) or a JSON Schema/,
    );
  });
});

describe('fromJSONSchema', () => {
  it('types a plain JSON Schema for defineTool and keeps it as the provider schema', async () => {
    const tool = defineTool({
      name: 'greet',
      description: 'Greet.',
      parameters: fromJSONSchema<{ who: string }>({
        type: 'object',
        properties: { who: { type: 'string', minLength: 1 } },
        required: ['who'],
      }),
      execute: ({ who }) => `hi ${who.toUpperCase()}`,
    });
    expect(tool.jsonSchema).toEqual({
      type: 'object',
      properties: { who: { type: 'string', minLength: 1 } },
      required: ['who'],
    });
    expect(tool.validate({ who: '' })).toEqual({ ok: false, issues: expect.stringMatching(/^who: /) });
  });
});
