import { fastSchemaCheck } from './json-schema-fast.js';
import type { SchemaProblem } from './schema-problems.js';

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
