/** One problem found by a JSON Schema check: where (`/a/b`, or `(root)`) and what. */
export interface SchemaProblem {
  path: string;
  message: string;
}

/** One error of a JSON Schema check, in @cfworker/json-schema's output form (the fields read here). */
export interface SchemaError {
  instanceLocation: string;
  keywordLocation: string;
  error: string;
}

/**
 * The problems worth reading among a check's errors: the leaf errors, not the "item did not match"
 * summaries above them; at most 10.
 */
export function leafProblems(errors: readonly SchemaError[]): SchemaProblem[] {
  const leaves = errors.filter(
    (error) =>
      !errors.some(
        (other) => other !== error && other.keywordLocation.startsWith(`${error.keywordLocation}/`),
      ),
  );
  return (leaves.length ? leaves : errors).slice(0, 10).map((error) => ({
    path: error.instanceLocation.replace(/^#/, '') || '(root)',
    message: error.error,
  }));
}

/** A problem's path as a Standard Schema issue's: `/a/0` → `['a', '0']`, `(root)` → `[]`. */
export function problemPath(path: string): string[] {
  return path === '(root)' ? [] : path.split('/').filter(Boolean);
}

/** The JSON Schema draft a schema declares with `$schema` (2020-12 when it declares none). */
export type SchemaDraft = '4' | '7' | '2019-09' | '2020-12';

export function draftOf(schema: Record<string, unknown>): SchemaDraft {
  const declared = typeof schema.$schema === 'string' ? schema.$schema : '';
  if (declared.includes('draft-07')) return '7';
  if (declared.includes('draft-04')) return '4';
  if (declared.includes('2019-09')) return '2019-09';
  return '2020-12';
}
