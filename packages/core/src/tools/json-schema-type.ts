import { checkJsonSchemaSoon } from './json-schema-soon.js';
import { problemPath, type SchemaProblem } from './schema-problems.js';
import type { StandardIssue, StandardResult, StandardSchemaWithJSON } from './standard-schema.js';

/**
 * A {@link fromJSONSchema} schema: a Standard Schema with JSON Schema. Validation is synchronous for the
 * schemas the fast check takes (types, properties, required, enum/const, bounds, lengths, patterns, items,
 * anyOf/allOf/oneOf/not); with other keywords (`$ref`, `format`, …) the first call loads
 * @cfworker/json-schema and answers with a promise, as Standard Schema allows.
 */
export interface JSONSchemaType<T> {
  readonly '~standard': {
    readonly version: 1;
    readonly vendor: string;
    readonly validate: (value: unknown) => StandardResult<T> | Promise<StandardResult<T>>;
    readonly types?: { readonly input: unknown; readonly output: T } | undefined;
    readonly jsonSchema: StandardSchemaWithJSON['~standard']['jsonSchema'];
  };
}

/** Extra steps around the JSON Schema check of {@link fromJSONSchema}. */
export interface JSONSchemaTypeOptions<T> {
  /** Runs before the check, on the raw value (e.g. fill defaults, map aliases); must not mutate it. */
  prepare?: (value: unknown) => unknown;
  /** Checks JSON Schema cannot express; returns the problems found (none when valid). */
  refine?: (value: T) => StandardIssue[];
}

/**
 * Makes a Standard Schema (with Standard JSON Schema) from a plain JSON Schema, validated by the fast check
 * or @cfworker/json-schema (see {@link JSONSchemaType}): no `eval`, so it runs under a strict Content-Security-Policy, and no schema
 * library in the bundle. `T` is the type the schema describes; it is the caller's promise.
 *
 * @example
 * const args = fromJSONSchema<{ city: string }>({
 *   type: 'object', properties: { city: { type: 'string' } }, required: ['city'],
 * });
 */
export function fromJSONSchema<T>(
  schema: Record<string, unknown>,
  options: JSONSchemaTypeOptions<T> = {},
): JSONSchemaType<T> {
  const describe = () => structuredClone(schema);
  return {
    '~standard': {
      version: 1,
      vendor: 'agent-chat',
      validate(raw: unknown): StandardResult<T> | Promise<StandardResult<T>> {
        const value = options.prepare ? options.prepare(raw) : raw;
        const problems = checkJsonSchemaSoon(schema, value);
        return problems instanceof Promise
          ? problems.then((found) => resultOf(found, value as T, options))
          : resultOf(problems, value as T, options);
      },
      jsonSchema: { input: describe, output: describe },
    },
  };
}

function resultOf<T>(
  problems: SchemaProblem[],
  value: T,
  options: JSONSchemaTypeOptions<T>,
): StandardResult<T> {
  if (problems.length > 0)
    return {
      issues: problems.map((problem) => ({ message: problem.message, path: problemPath(problem.path) })),
    };
  const issues = options.refine?.(value) ?? [];
  return issues.length > 0 ? { issues } : { value };
}
