import {
  draftOf,
  leafProblems,
  type SchemaDraft,
  type SchemaError,
  type SchemaProblem,
} from './schema-problems.js';

/**
 * The JSON Schemas tools usually have (objects of strings, numbers, booleans, enums, arrays, nested
 * objects, `anyOf`…), checked by closures compiled once per schema: no `eval`, and no 7 kB validator to
 * load. It reports exactly what @cfworker/json-schema reports (the same errors, in the same order, with
 * the same messages; json-schema-fast.test.ts compares them), and declines a schema with any keyword it
 * does not implement, which then goes to @cfworker/json-schema.
 */
export type FastSchemaCheck = (value: unknown) => SchemaProblem[];

export type Errors = SchemaError[];
/** Checks a value at instance location `at` (`#/a/0`), adding its errors in @cfworker's order. */
type Check = (value: unknown, at: string, errors: Errors) => void;
/** One keyword's check, given the value's JSON type. */
export type Step = (value: unknown, type: string, at: string, errors: Errors) => void;
type Branches = Record<'object' | 'array' | 'number' | 'string', Step[]>;

/**
 * Keywords @cfworker/json-schema acts on that this checker leaves to it. Any other key that is not
 * compiled below (`description`, `title`, `default`, `examples`, `x-…`) is ignored by both.
 */
const SLOW_KEYWORDS = new Set([
  '$ref',
  '$recursiveRef',
  '$recursiveAnchor',
  '$dynamicRef',
  '$dynamicAnchor',
  '$id',
  'id',
  '$anchor',
  '$defs',
  'definitions',
  'if',
  'then',
  'else',
  'format',
  'patternProperties',
  'unevaluatedProperties',
  'minProperties',
  'maxProperties',
  'propertyNames',
  'dependentRequired',
  'dependentSchemas',
  'dependencies',
  'prefixItems',
  'additionalItems',
  'unevaluatedItems',
  'contains',
  'minContains',
  'maxContains',
  'uniqueItems',
  'multipleOf',
  '__absolute_ref__',
  '__absolute_recursive_ref__',
]);

const compiled = new WeakMap<object, FastSchemaCheck | null>();

/**
 * The checks of the rarer keywords (json-schema-fast-more.ts, a chunk of its own): `not`, `anyOf`, `allOf`,
 * `oneOf`, the array keywords, number bounds, string lengths and patterns. A page tool's usual schema (an object
 * of strings and numbers, `required`, `enum`) is checked without them.
 */
export interface MoreSteps {
  combinerSteps(schema: Record<string, unknown>, kw: string, draft: SchemaDraft): Step[];
  arraySteps(schema: Record<string, unknown>, kw: string, draft: SchemaDraft): Step[];
  numberSteps(schema: Record<string, unknown>, kw: string, draft: SchemaDraft): Step[];
  stringSteps(schema: Record<string, unknown>, kw: string): Step[];
}

/** Keywords whose checks are in {@link MoreSteps}. */
const MORE_KEYWORDS = [
  'not',
  'anyOf',
  'allOf',
  'oneOf',
  'items',
  'minItems',
  'maxItems',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minLength',
  'maxLength',
  'pattern',
];

let more: MoreSteps | undefined;

/** Called by json-schema-fast-more.ts when it loads: schemas with those keywords compile from then on. */
export function useMoreSteps(steps: MoreSteps): void {
  more = steps;
}

/** Thrown while compiling a schema that needs {@link MoreSteps} before they are loaded. */
class MoreNeeded extends Error {}

function moreNeeded(): never {
  throw new MoreNeeded();
}

/**
 * The fast check of `schema`, compiled on first use; `undefined` when it needs @cfworker/json-schema, `'more'`
 * when it needs the rarer keywords' checks first (json-schema-soon.ts loads them).
 */
export function fastSchemaCheck(schema: Record<string, unknown>): FastSchemaCheck | 'more' | undefined {
  let check = compiled.get(schema);
  if (check === undefined) {
    try {
      const root = compile(schema, '#', draftOf(schema));
      check = (value) => {
        const errors: Errors = [];
        root(value, '#', errors);
        return errors.length ? leafProblems(errors) : [];
      };
    } catch (error) {
      if (error instanceof MoreNeeded) return 'more'; // not kept: it compiles once they are loaded
      check = null; // a keyword (or a keyword's value) this checker does not take
    }
    compiled.set(schema, check);
  }
  return check ?? undefined;
}

export function need(condition: unknown): asserts condition {
  if (!condition) throw new TypeError('not for the fast check');
}

export function error(instanceLocation: string, keywordLocation: string, message: string): SchemaError {
  return { instanceLocation, keywordLocation, error: message };
}

export function compile(schema: unknown, kw: string, draft: SchemaDraft): Check {
  if (schema === true) return () => {};
  if (schema === false)
    return (_value, at, errors) => {
      errors.push(error(at, at, 'False boolean schema.'));
    };
  need(isPlainObject(schema));
  for (const key in schema) need(!SLOW_KEYWORDS.has(key));
  const extra = more ?? (MORE_KEYWORDS.some((key) => key in schema) ? moreNeeded() : undefined);
  const common = [...valueSteps(schema, kw), ...(extra?.combinerSteps(schema, kw, draft) ?? [])];
  const branches: Branches = {
    object: objectSteps(schema, kw, draft),
    array: extra?.arraySteps(schema, kw, draft) ?? [],
    number: extra?.numberSteps(schema, kw, draft) ?? [],
    string: extra?.stringSteps(schema, kw) ?? [],
  };
  return (value, at, errors) => {
    const type = jsonType(value);
    for (const step of common) step(value, type, at, errors);
    const branch = branches[type as keyof Branches];
    if (branch) for (const step of branch) step(value, type, at, errors);
  };
}

/** `type`, `const` and `enum`. */
function valueSteps(schema: Record<string, unknown>, kw: string): Step[] {
  const steps: Step[] = [];
  const { type: expected, const: constant, enum: choices } = schema;
  const invalid = (type: string, at: string, errors: Errors, listed: unknown) =>
    errors.push(error(at, `${kw}/type`, `Instance type "${type}" is invalid. Expected "${listed}".`));
  if (Array.isArray(expected)) {
    const listed = expected.join('", "');
    steps.push((value, type, at, errors) => {
      for (const name of expected) if (type === name || (name === 'integer' && isInteger(value))) return;
      invalid(type, at, errors, listed);
    });
  } else if (expected === 'integer') {
    // @cfworker's wording of the check (it lets Infinity through here, unlike in a list of types)
    steps.push((value, type, at, errors) => {
      if (type !== 'number' || (value as number) % 1 || Number.isNaN(value))
        invalid(type, at, errors, expected);
    });
  } else if (expected !== undefined)
    steps.push((_value, type, at, errors) => {
      if (type !== expected) invalid(type, at, errors, expected);
    });
  if (constant !== undefined) {
    need(!isObject(constant));
    const message = `Instance does not match ${JSON.stringify(constant)}.`;
    steps.push((value, _type, at, errors) => {
      if (value !== constant) errors.push(error(at, `${kw}/const`, message));
    });
  }
  if (choices !== undefined) {
    need(Array.isArray(choices) && !choices.some(isObject));
    const message = `Instance does not match any of ${JSON.stringify(choices)}.`;
    steps.push((value, _type, at, errors) => {
      if (!choices.some((choice) => choice === value)) errors.push(error(at, `${kw}/enum`, message));
    });
  }
  return steps;
}

/** `required`, `properties` and `additionalProperties`. */
function objectSteps(schema: Record<string, unknown>, kw: string, draft: SchemaDraft): Step[] {
  const steps: Step[] = [];
  const { required, properties, additionalProperties } = schema;
  if (required !== undefined) {
    need(Array.isArray(required));
    steps.push((value, _type, at, errors) => {
      for (const key of required)
        if (!Object.hasOwn(value as object, key))
          errors.push(error(at, `${kw}/required`, `Instance does not have required property "${key}".`));
    });
  }
  need(properties === undefined || isPlainObject(properties));
  const entries = Object.entries(properties ?? {}).map(([key, sub]) => {
    const pointer = encodePointer(key);
    return [key, pointer, compile(sub, `${kw}/properties/${pointer}`, draft)] as const;
  });
  if (properties !== undefined)
    steps.push((value, _type, at, errors) => {
      const object = value as Record<string, unknown>;
      for (const [key, pointer, check] of entries) {
        if (!Object.hasOwn(object, key)) continue;
        const before = errors.length;
        check(object[key], `${at}/${pointer}`, errors);
        if (errors.length > before)
          errors.splice(before, 0, error(at, `${kw}/properties`, `Property "${key}" does not match schema.`));
      }
    });
  if (additionalProperties !== undefined) {
    const location = `${kw}/additionalProperties`;
    const check = compile(additionalProperties, location, draft);
    const named = new Set(entries.map(([key]) => key));
    steps.push((value, _type, at, errors) => {
      const object = value as Record<string, unknown>;
      for (const key in object) {
        if (named.has(key) && Object.hasOwn(object, key)) continue;
        const before = errors.length;
        check(object[key], `${at}/${encodePointer(key)}`, errors);
        if (errors.length > before)
          errors.splice(
            before,
            0,
            error(at, location, `Property "${key}" does not match additional properties schema.`),
          );
      }
    });
  }
  return steps;
}

function jsonType(value: unknown): string {
  const type = typeof value;
  if (type === 'boolean' || type === 'number' || type === 'string') return type;
  if (type === 'object') return value === null ? 'null' : Array.isArray(value) ? 'array' : 'object';
  throw new Error(`Instances of "${type}" type are not supported.`);
}

function isInteger(value: unknown): boolean {
  return typeof value === 'number' && value % 1 === 0;
}

function isObject(value: unknown): value is object {
  return typeof value === 'object' && value !== null;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return isObject(value) && !Array.isArray(value);
}

/** A property name as a JSON Pointer segment within a URI fragment, as @cfworker writes it. */
function encodePointer(key: string): string {
  return encodeURI(key.replace(/~/g, '~0').replace(/\//g, '~1')).replace(/#/g, '%23');
}
