import { type Schema, type SchemaDraft, Validator } from '@cfworker/json-schema';

/** One problem found by {@link checkJsonSchema}: where (`/a/b`, or `(root)`) and what. */
export interface SchemaProblem {
  path: string;
  message: string;
}

/**
 * Validates `value` against a JSON Schema without `eval` (@cfworker/json-schema), so it runs under a
 * strict Content-Security-Policy. Returns the problems worth reading: the leaf errors, not the
 * "item did not match" summaries above them.
 */
export function checkJsonSchema(schema: Record<string, unknown>, value: unknown): SchemaProblem[] {
  const result = validatorFor(schema).validate(value);
  if (result.valid) return [];
  const leaves = result.errors.filter(
    (error) =>
      !result.errors.some(
        (other) => other !== error && other.keywordLocation.startsWith(`${error.keywordLocation}/`),
      ),
  );
  return (leaves.length ? leaves : result.errors).slice(0, 10).map((error) => ({
    path: error.instanceLocation.replace(/^#/, '') || '(root)',
    message: error.error,
  }));
}

/** Fills in the `default` of each missing top-level property (SEP-1034), on a copy. */
export function withDefaults(
  schema: Record<string, unknown>,
  value: Record<string, unknown>,
): Record<string, unknown> {
  const filled = { ...value };
  const properties = (schema.properties ?? {}) as Record<string, { default?: unknown }>;
  for (const [key, property] of Object.entries(properties))
    if (filled[key] === undefined && property && 'default' in property)
      filled[key] = structuredClone(property.default);
  return filled;
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

function draftOf(schema: Record<string, unknown>): SchemaDraft {
  const declared = typeof schema.$schema === 'string' ? schema.$schema : '';
  if (declared.includes('draft-07')) return '7';
  if (declared.includes('draft-04')) return '4';
  if (declared.includes('2019-09')) return '2019-09';
  return '2020-12';
}
