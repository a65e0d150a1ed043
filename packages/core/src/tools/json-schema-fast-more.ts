// The fast JSON Schema check's rarer keywords (see `MoreSteps` in json-schema-fast.ts): combiners, arrays, number
// bounds, string lengths and patterns, in @cfworker/json-schema's order and words. A chunk of its own, loaded by
// json-schema-soon.ts with the first schema that uses one of them.
import { compile, type Errors, error, need, type Step, useMoreSteps } from './json-schema-fast.js';
import type { SchemaDraft } from './schema-problems.js';

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

/** Length in code points; a lone surrogate counts as one. */
function codePoints(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++, count++) {
    const code = text.charCodeAt(i);
    if (code >= 0xd800 && code <= 0xdbff && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) i++;
  }
  return count;
}

useMoreSteps({ combinerSteps, arraySteps, numberSteps, stringSteps });
