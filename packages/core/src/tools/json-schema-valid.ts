import { codePoints } from './code-points.js';

/**
 * Whether a value satisfies a JSON Schema — yes or no, without saying why: the question a tool call with good
 * arguments asks, answered by a check under half the size of the fast check (json-schema-fast.ts), which loads
 * only when there is a why to tell. It takes the keywords the fast check takes and agrees with it (and so with
 * @cfworker/json-schema) on every value (json-schema-fast.test.ts compares them); a schema with any other
 * keyword, or from draft 4, is declined (`undefined`) and goes to the fast check.
 */
export type SchemaValidity = (value: unknown) => boolean;

/** Keywords that only describe (both checks ignore them). */
const ANNOTATION =
  /^(?:description|title|default|examples|\$schema|\$comment|readOnly|writeOnly|deprecated|x-.*)$/;

const compiled = new WeakMap<object, SchemaValidity | null>();

/** The yes-or-no check of `schema`, compiled on first use; `undefined` when it declines the schema. */
export function schemaValidity(schema: Record<string, unknown>): SchemaValidity | undefined {
  let check = compiled.get(schema);
  if (check === undefined) {
    try {
      need(!String(schema.$schema).includes('draft-04'));
      check = compile(schema);
    } catch {
      check = null;
    }
    compiled.set(schema, check);
  }
  return check ?? undefined;
}

function need(condition: unknown): asserts condition {
  if (!condition) throw new TypeError('not for this check');
}

type Keyword = (value: unknown) => boolean;

function compile(schema: unknown): SchemaValidity {
  if (typeof schema === 'boolean') return () => schema;
  need(isObject(schema) && !Array.isArray(schema));
  const s = schema as Record<string, unknown>;
  const checks: Keyword[] = [];
  const on = (type: string, check: (value: never) => boolean) =>
    checks.push((value) => jsonType(value) !== type || check(value as never));
  for (const key in s) {
    const word = s[key];
    if (key === 'type') checks.push(typeCheck(word));
    else if (key === 'const') {
      need(!isObject(word));
      checks.push((value) => value === word);
    } else if (key === 'enum') {
      need(Array.isArray(word) && !word.some(isObject));
      checks.push((value) => word.some((choice) => choice === value));
    } else if (key === 'not') {
      const sub = compile(word);
      checks.push((value) => !sub(value));
    } else if (key === 'anyOf' || key === 'allOf' || key === 'oneOf') {
      need(Array.isArray(word));
      const subs = word.map(compile);
      checks.push((value) => {
        const matches = subs.filter((sub) => sub(value)).length;
        return key === 'anyOf' ? matches > 0 : key === 'allOf' ? matches === subs.length : matches === 1;
      });
    } else if (key === 'required') {
      need(Array.isArray(word));
      on('object', (value: object) => word.every((name) => Object.hasOwn(value, name)));
    } else if (key === 'properties') {
      need(isObject(word) && !Array.isArray(word));
      const subs = Object.entries(word).map(([name, sub]) => [name, compile(sub)] as const);
      on('object', (value: Record<string, unknown>) =>
        subs.every(([name, sub]) => !Object.hasOwn(value, name) || sub(value[name])),
      );
    } else if (key === 'additionalProperties') {
      const sub = compile(word);
      const named = new Set(Object.keys((s.properties as object | undefined) ?? {}));
      on('object', (value: Record<string, unknown>) => {
        for (const name in value)
          if (!(named.has(name) && Object.hasOwn(value, name)) && !sub(value[name])) return false;
        return true;
      });
    } else if (key === 'items') {
      need(!Array.isArray(word));
      const sub = compile(word);
      on('array', (value: unknown[]) => value.every((item) => sub(item)));
    } else if (key === 'minItems') on('array', (value: unknown[]) => !(value.length < (word as number)));
    else if (key === 'maxItems') on('array', (value: unknown[]) => !(value.length > (word as number)));
    else if (key === 'minimum') on('number', (value: number) => !(value < (word as number)));
    else if (key === 'maximum') on('number', (value: number) => !(value > (word as number)));
    else if (key === 'exclusiveMinimum') on('number', (value: number) => !(value <= (word as number)));
    else if (key === 'exclusiveMaximum') on('number', (value: number) => !(value >= (word as number)));
    else if (key === 'minLength') on('string', (value: string) => !(codePoints(value) < (word as number)));
    else if (key === 'maxLength') on('string', (value: string) => !(codePoints(value) > (word as number)));
    else if (key === 'pattern') {
      const pattern = new RegExp(word as string, 'u');
      on('string', (value: string) => pattern.test(value));
    } else need(ANNOTATION.test(key));
  }
  // A value JSON cannot hold is the fast check's to report.
  return (value) => jsonType(value) !== undefined && checks.every((check) => check(value));
}

/** `type`, worded as the fast check (and @cfworker) read it: a lone "integer" lets Infinity through. */
function typeCheck(expected: unknown): Keyword {
  if (expected === 'integer')
    return (value) => typeof value === 'number' && !(value % 1) && !Number.isNaN(value);
  const names = Array.isArray(expected) ? expected : [expected];
  need(names.every((name) => typeof name === 'string'));
  return (value) => {
    const type = jsonType(value);
    return names.some(
      (name) => name === type || (name === 'integer' && typeof value === 'number' && value % 1 === 0),
    );
  };
}

/** The JSON type of a value; `undefined` for what JSON cannot hold (the fast check then says so). */
function jsonType(value: unknown): string | undefined {
  const type = typeof value;
  if (type === 'boolean' || type === 'number' || type === 'string') return type;
  if (type === 'object') return value === null ? 'null' : Array.isArray(value) ? 'array' : 'object';
  return undefined;
}

function isObject(value: unknown): value is object {
  return typeof value === 'object' && value !== null;
}
