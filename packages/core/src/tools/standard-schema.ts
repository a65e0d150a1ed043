/**
 * The minimal Standard Schema (https://standardschema.dev) and Standard JSON Schema types core reads,
 * declared here so core depends on no schema library: zod 4, Valibot, ArkType and core's own
 * {@link fromJSONSchema} schemas all fit.
 */

/** One validation problem: a message and where it is. */
export interface StandardIssue {
  readonly message: string;
  readonly path?: ReadonlyArray<PropertyKey | { readonly key: PropertyKey }> | undefined;
}

/** The outcome of `~standard.validate`. */
export type StandardResult<Output> =
  | { readonly value: Output; readonly issues?: undefined }
  | { readonly issues: ReadonlyArray<StandardIssue> };

/** A Standard Schema: validates unknown input into `Output`. */
export interface StandardSchema<Input = unknown, Output = Input> {
  readonly '~standard': {
    readonly version: 1;
    readonly vendor: string;
    readonly validate: (value: unknown) => StandardResult<Output> | Promise<StandardResult<Output>>;
    readonly types?: { readonly input: Input; readonly output: Output } | undefined;
  };
}

/** Options of a Standard JSON Schema converter; core always asks for draft-07. */
export interface StandardJSONSchemaOptions {
  readonly target: 'draft-07' | 'draft-2020-12' | 'openapi-3.0' | ({} & string);
  readonly libraryOptions?: Record<string, unknown> | undefined;
}

/** A Standard Schema that can also describe itself as JSON Schema (Standard JSON Schema). */
export interface StandardSchemaWithJSON<Input = unknown, Output = Input> {
  readonly '~standard': StandardSchema<Input, Output>['~standard'] & {
    readonly jsonSchema: {
      readonly input: (options: StandardJSONSchemaOptions) => Record<string, unknown>;
      readonly output: (options: StandardJSONSchemaOptions) => Record<string, unknown>;
    };
  };
}

/** The validated type of a Standard Schema (e.g. `z.infer` for a zod schema). */
export type InferOutput<Schema extends StandardSchema> = NonNullable<Schema['~standard']['types']>['output'];

/** Whether `value` is a Standard Schema that also offers JSON Schema. */
export function isStandardJSONSchema(value: unknown): value is StandardSchemaWithJSON {
  const standard = (value as { '~standard'?: Record<string, unknown> } | null)?.['~standard'];
  const json = standard?.jsonSchema as Record<string, unknown> | undefined;
  return typeof standard?.validate === 'function' && typeof json?.input === 'function';
}

/** The draft-07 JSON Schema of a schema's input, without `$schema` (providers reject some dialect URIs). */
export function toJSONSchema(schema: StandardSchemaWithJSON): Record<string, unknown> {
  const standard = schema['~standard'];
  // zod can describe every type this way (dates, transforms) instead of throwing; other vendors ignore it.
  const libraryOptions = standard.vendor === 'zod' ? { unrepresentable: 'any' } : undefined;
  const { $schema: _dialect, ...jsonSchema } = standard.jsonSchema.input({
    target: 'draft-07',
    libraryOptions,
  });
  return jsonSchema;
}

/** Issues as one line a model can act on: `path: message; path: message`. */
export function formatIssues(
  issues: ReadonlyArray<StandardIssue>,
  separator = '; ',
  label = (path: string) => path,
): string {
  // Some validators end messages with "." and callers add their own sentence after the list.
  return issues
    .map((issue) => `${label(issuePath(issue))}: ${issue.message.replace(/\.$/, '')}`)
    .join(separator);
}

/** `a.b.0`, or `(root)` for an issue about the whole value. */
export function issuePath(issue: StandardIssue): string {
  const keys = (issue.path ?? []).map((key) => String(typeof key === 'object' ? key.key : key));
  return keys.length ? keys.join('.') : '(root)';
}
