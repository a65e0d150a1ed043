import { fastSchemaCheck } from './json-schema-fast.js';
import { problemPath, type SchemaProblem } from './schema-problems.js';
import type { StandardResult } from './standard-schema.js';

type SlowCheck = typeof import('./json-schema-check.js');
let slow: SlowCheck | undefined;
let loading: Promise<SlowCheck> | undefined;

/**
 * `checkJsonSchema` (json-schema-check.ts) that loads @cfworker/json-schema (7 kB gzipped) only for a schema the fast
 * check declines: synchronous for the usual tool schemas, and after that first load for any schema.
 */
export function checkJsonSchemaSoon(
  schema: Record<string, unknown>,
  value: unknown,
): SchemaProblem[] | Promise<SchemaProblem[]> {
  const fast = fastSchemaCheck(schema);
  if (fast) return fast(value);
  if (slow) return slow.checkJsonSchema(schema, value);
  loading ??= import('./json-schema-check.js').then((module) => (slow = module));
  return loading.then((module) => module.checkJsonSchema(schema, value));
}

/**
 * Makes {@link checkJsonSchemaSoon} synchronous for `schema` from now on: loads @cfworker/json-schema when the
 * fast check declines it. For a check that must answer at once later (an MCP form's answer).
 */
export async function prepareJsonSchemaCheck(schema: Record<string, unknown>): Promise<void> {
  if (fastSchemaCheck(schema) || slow) return;
  loading ??= import('./json-schema-check.js').then((module) => (slow = module));
  await loading;
}

/** {@link checkJsonSchemaSoon}'s answer as a Standard Schema result (`T` is the caller's promise). */
export function standardResultSoon<T>(
  schema: Record<string, unknown>,
  value: unknown,
): StandardResult<T> | Promise<StandardResult<T>> {
  const problems = checkJsonSchemaSoon(schema, value);
  return problems instanceof Promise
    ? problems.then((found) => toStandard<T>(found, value))
    : toStandard<T>(problems, value);
}

function toStandard<T>(problems: SchemaProblem[], value: unknown): StandardResult<T> {
  return problems.length > 0
    ? { issues: problems.map(({ message, path }) => ({ message, path: problemPath(path) })) }
    : { value: value as T };
}
