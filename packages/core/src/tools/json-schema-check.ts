import { type Schema, Validator } from '@cfworker/json-schema';
import { draftOf, leafProblems, type SchemaProblem } from './schema-problems.js';

export type { SchemaProblem } from './schema-problems.js';

/**
 * Validates `value` against a JSON Schema without `eval` (@cfworker/json-schema), so it runs under a
 * strict Content-Security-Policy. Returns the problems worth reading: the leaf errors, not the "item did
 * not match" summaries above them. Tools check their arguments with `checkJsonSchemaSoon`
 * (json-schema-soon.ts), which takes the usual tool schemas without this module; this one stays
 * synchronous for `fromJSONSchema` and MCP elicitation answers, and off the fast check's code so that
 * code does not join the chunk this module shares with the root entry (evanw/esbuild#2922).
 */
export function checkJsonSchema(schema: Record<string, unknown>, value: unknown): SchemaProblem[] {
  const result = validatorFor(schema).validate(value);
  return result.valid ? [] : leafProblems(result.errors);
}

const validators = new WeakMap<object, Validator>();

function validatorFor(schema: Record<string, unknown>): Validator {
  let validator = validators.get(schema);
  if (!validator) {
    validator = new Validator(schema as Schema, draftOf(schema), false);
    validators.set(schema, validator);
  }
  return validator;
}
