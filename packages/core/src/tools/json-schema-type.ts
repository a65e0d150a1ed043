import { checkJsonSchema } from './json-schema-check.js';
import { problemPath } from './schema-problems.js';
import type { StandardIssue, StandardResult, StandardSchemaWithJSON } from './standard-schema.js';

/** A {@link fromJSONSchema} schema: a Standard Schema with JSON Schema whose validation is synchronous. */
export interface JSONSchemaType<T> {
  readonly '~standard': {
    readonly version: 1;
    readonly vendor: string;
    readonly validate: (value: unknown) => StandardResult<T>;
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
 * Makes a Standard Schema (with Standard JSON Schema) from a plain JSON Schema, validated by
 * @cfworker/json-schema: no `eval`, so it runs under a strict Content-Security-Policy, and no schema
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
      validate(raw: unknown): StandardResult<T> {
        const value = options.prepare ? options.prepare(raw) : raw;
        const problems = checkJsonSchema(schema, value);
        if (problems.length > 0)
          return {
            issues: problems.map((problem) => ({
              message: problem.message,
              path: problemPath(problem.path),
            })),
          };
        const issues = options.refine?.(value as T) ?? [];
        return issues.length > 0 ? { issues } : { value: value as T };
      },
      jsonSchema: { input: describe, output: describe },
    },
  };
}
