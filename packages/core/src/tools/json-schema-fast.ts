import { codePoints } from './code-points.js';
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

type Errors = SchemaError[];
/** Checks a value at instance location `at` (`#/a/0`), adding its errors in @cfworker's order. */
type Check = (value: unknown, at: string, errors: Errors) => void;
/** One keyword's check, given the value's JSON type. */
type Step = (value: unknown, type: string, at: string, errors: Errors) => void;
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

/** The fast check of `schema`, compiled on first use; `undefined` when it needs @cfworker/json-schema. */
export function fastSchemaCheck(schema: Record<string, unknown>): FastSchemaCheck | undefined {
  let check = compiled.get(schema);
  if (check === undefined) {
    try {
      const root = compile(schema, '#', draftOf(schema));
      check = (value) => {
        const errors: Errors = [];
        root(value, '#', errors);
        return errors.length ? leafProblems(errors) : [];
      };
    } catch {
      check = null; // a keyword (or a keyword's value) this checker does not take
    }
    compiled.set(schema, check);
  }
  return check ?? undefined;
}

function need(condition: unknown): asserts condition {
  if (!condition) throw new TypeError('not for the fast check');
}

function error(instanceLocation: string, keywordLocation: string, message: string): SchemaError {
  return { instanceLocation, keywordLocation, error: message };
}

function compile(schema: unknown, kw: string, draft: SchemaDraft): Check {
  if (schema === true) return () => {};
  if (schema === false)
    return (_value, at, errors) => {
      errors.push(error(at, at, 'False boolean schema.'));
    };
  need(isPlainObject(schema));
  for (const key in schema) need(!SLOW_KEYWORDS.has(key));
  const common = [...valueSteps(schema, kw), ...combinerSteps(schema, kw, draft)];
  const branches: Branches = {
    object: objectSteps(schema, kw, draft),
    array: arraySteps(schema, kw, draft),
    number: numberSteps(schema, kw, draft),
    string: stringSteps(schema, kw),
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

const COMBINERS = ['anyOf', 'allOf', 'oneOf'] as const;

/** `not`, `anyOf`, `allOf` and `oneOf`, in @cfworker's order. */
function combinerSteps(schema: Record<string, unknown>, kw: string, draft: SchemaDraft): Step[] {
  const steps: Step[] = [];
  if (schema.not !== undefined) {
    const check = compile(schema.not, `${kw}/not`, draft);
    steps.push((value, _type, at, errors) => {
      const found: Errors = [];
      check(value, at, found);
      if (!found.length) errors.push(error(at, `${kw}/not`, 'Instance matched "not" schema.'));
    });
  }
  for (const name of COMBINERS) {
    const list = schema[name];
    if (list === undefined) continue;
    need(Array.isArray(list));
    const location = `${kw}/${name}`;
    const checks = list.map((sub, i) => compile(sub, `${location}/${i}`, draft));
    steps.push((value, _type, at, errors) => {
      const start = errors.length;
      let matches = 0;
      for (const check of checks) {
        const before = errors.length;
        check(value, at, errors);
        if (errors.length === before) matches++;
      }
      if (name === 'anyOf' ? matches > 0 : name === 'allOf' ? matches === checks.length : matches === 1)
        errors.length = start;
      else errors.splice(start, 0, error(at, location, combinerMessage(name, matches)));
    });
  }
  return steps;
}

function combinerMessage(name: (typeof COMBINERS)[number], matches: number): string {
  if (name === 'anyOf') return 'Instance does not match any subschemas.';
  if (name === 'allOf') return 'Instance does not match every subschema.';
  return `Instance does not match exactly one subschema (${matches} matches).`;
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

/** `maxItems`, `minItems` and `items` (one schema for every item). */
function arraySteps(schema: Record<string, unknown>, kw: string, draft: SchemaDraft): Step[] {
  const steps: Step[] = [];
  const maxItems = schema.maxItems as number | undefined;
  const minItems = schema.minItems as number | undefined;
  if (maxItems !== undefined)
    steps.push((value, _type, at, errors) => {
      const { length } = value as unknown[];
      if (length > maxItems)
        errors.push(error(at, `${kw}/maxItems`, `Array has too many items (${length} > ${maxItems}).`));
    });
  if (minItems !== undefined)
    steps.push((value, _type, at, errors) => {
      const { length } = value as unknown[];
      if (length < minItems)
        errors.push(error(at, `${kw}/minItems`, `Array has too few items (${length} < ${minItems}).`));
    });
  if (schema.items !== undefined) {
    need(!Array.isArray(schema.items));
    const location = `${kw}/items`;
    const check = compile(schema.items, location, draft);
    steps.push((value, _type, at, errors) => {
      const items = value as unknown[];
      for (let i = 0; i < items.length; i++) {
        const before = errors.length;
        check(items[i], `${at}/${i}`, errors);
        if (errors.length > before)
          errors.splice(before, 0, error(at, location, 'Items did not match schema.'));
      }
    });
  }
  return steps;
}

const BOUNDS = [
  ['minimum', (n: number, bound: number) => n < bound, 'is less than'],
  ['maximum', (n: number, bound: number) => n > bound, 'is greater than'],
  ['exclusiveMinimum', (n: number, bound: number) => n <= bound, 'is less than'],
  ['exclusiveMaximum', (n: number, bound: number) => n >= bound, 'is greater than or equal to'],
] as const;

/** `minimum`, `maximum`, `exclusiveMinimum` and `exclusiveMaximum` as drafts 6 and later read them. */
function numberSteps(schema: Record<string, unknown>, kw: string, draft: SchemaDraft): Step[] {
  const steps: Step[] = [];
  for (const [keyword, outside, words] of BOUNDS) {
    const bound = schema[keyword] as number | undefined;
    if (bound === undefined) continue;
    need(draft !== '4'); // draft 4's boolean exclusive bounds (and wording) stay with @cfworker
    steps.push((value, _type, at, errors) => {
      if (outside(value as number, bound))
        errors.push(error(at, `${kw}/${keyword}`, `${value} ${words} ${bound}.`));
    });
  }
  return steps;
}

/** `minLength` and `maxLength` (in code points, as JSON Schema counts) and `pattern`. */
function stringSteps(schema: Record<string, unknown>, kw: string): Step[] {
  const steps: Step[] = [];
  const minLength = schema.minLength as number | undefined;
  const maxLength = schema.maxLength as number | undefined;
  if (minLength !== undefined || maxLength !== undefined)
    steps.push((value, _type, at, errors) => {
      const length = codePoints(value as string);
      if (minLength !== undefined && length < minLength)
        errors.push(error(at, `${kw}/minLength`, `String is too short (${length} < ${minLength}).`));
      if (maxLength !== undefined && length > maxLength)
        errors.push(error(at, `${kw}/maxLength`, `String is too long (${length} > ${maxLength}).`));
    });
  if (schema.pattern !== undefined) {
    const pattern = new RegExp(schema.pattern as string, 'u');
    steps.push((value, _type, at, errors) => {
      if (!pattern.test(value as string))
        errors.push(error(at, `${kw}/pattern`, 'String does not match pattern.'));
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
