import { afterEach, describe, expect, it } from 'vitest';
import { toAgentTool } from '../mcp/mcp-tool.js';
import { checkJsonSchema } from './json-schema-check.js';
import { withDefaults } from './json-schema-defaults.js';

const schema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  type: 'object',
  properties: {
    a: { type: 'number' },
    tags: { type: 'array', items: { type: 'string' } },
    mode: { type: 'string', enum: ['fast', 'slow'], default: 'fast' },
  },
  required: ['a'],
};
const realFunction = globalThis.Function;

afterEach(() => {
  globalThis.Function = realFunction;
});

describe('JSON Schema checks without eval', () => {
  it('reports where and what is wrong', () => {
    expect(checkJsonSchema(schema, { a: 1, tags: ['x'] })).toEqual([]);
    const problems = checkJsonSchema(schema, { a: 'one', tags: [1] });
    expect(problems.map((p) => p.path).sort()).toEqual(['/a', '/tags/0']);
    expect(checkJsonSchema(schema, {})).toEqual([
      { path: '(root)', message: expect.stringContaining('"a"') },
    ]);
  });

  it('fills in defaults of missing properties on a copy', () => {
    const given = { a: 1 };
    expect(withDefaults(schema, given)).toEqual({ a: 1, mode: 'fast' });
    expect(given).toEqual({ a: 1 });
  });

  it('validates tool arguments with code generation forbidden (as under a strict CSP)', () => {
    const tool = toAgentTool(
      'mcp__s__t',
      { name: 't', description: 'T.', inputSchema: schema as never },
      async () => '',
    );
    globalThis.Function = new Proxy(realFunction, {
      construct() {
        throw new EvalError('Code generation from strings disallowed for this context');
      },
      apply() {
        throw new EvalError('Code generation from strings disallowed for this context');
      },
    });
    expect(tool.validate({ a: 2 })).toEqual({ ok: true, value: { a: 2 } });
    expect(tool.validate({ a: 'x' })).toEqual({ ok: false, issues: expect.stringMatching(/^a: .*number/) });
    expect(tool.jsonSchema).not.toHaveProperty('$schema');
  });
});
