import { schemaValidity } from './json-schema-valid.js';
import type { StandardResult } from './standard-schema.js';

type Checks = typeof import('./json-schema-soon.js');
let checks: Checks | undefined;

/**
 * A tool's arguments against its plain JSON Schema (`defineTool` with one): good arguments pass the small
 * yes-or-no check (json-schema-valid.ts) at once; arguments it rejects, and schemas it declines, go to the
 * checks that say what is wrong (json-schema-soon.ts), loaded then. The model reads those words, so they are
 * the same either way.
 */
export function standardResultSoon<T>(
  schema: Record<string, unknown>,
  value: unknown,
): StandardResult<T> | Promise<StandardResult<T>> {
  if (checks) return checks.standardResultSoon<T>(schema, value);
  if (schemaValidity(schema)?.(value)) return { value: value as T };
  return import('./json-schema-soon.js').then((loaded) => {
    checks = loaded;
    return loaded.standardResultSoon<T>(schema, value);
  });
}
