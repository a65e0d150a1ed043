/**
 * Workflow input templates: `{{user_query}}`, `{{step_1.output}}`, `{{step_1.output.field.sub}}`
 * (`{{step_1.field}}` is read as `{{step_1.output.field}}`).
 */
const TEMPLATE = /\{\{\s*([A-Za-z0-9_-]+)((?:\.[A-Za-z0-9_-]+)*)\s*\}\}/g;
const USER_QUERY = 'user_query';

/** What templates can read: the user's message and each finished step's output. */
export interface TemplateScope {
  userQuery: string;
  outputs: ReadonlyMap<string, unknown>;
}

/** Ids of the steps an input's templates reference. */
export function templateRefs(input: unknown): Set<string> {
  const refs = new Set<string>();
  visitStrings(input, (text) => {
    for (const match of text.matchAll(TEMPLATE)) if (match[1] !== USER_QUERY) refs.add(match[1]!);
  });
  return refs;
}

/**
 * Fills the templates of a step's input. A string that is exactly one template takes the referenced
 * value as it is (an object stays an object); templates inside longer text are written as text (JSON
 * for objects). Only the mapped values reach the step: its focused context.
 */
export function resolveInput(input: unknown, scope: TemplateScope): unknown {
  if (typeof input === 'string') {
    const whole = input.match(new RegExp(`^${TEMPLATE.source}$`));
    if (whole) return lookup(whole[1]!, whole[2]!, scope);
    return input.replace(TEMPLATE, (_all, id: string, path: string) => asText(lookup(id, path, scope)));
  }
  if (Array.isArray(input)) return input.map((item) => resolveInput(item, scope));
  if (typeof input === 'object' && input !== null)
    return Object.fromEntries(Object.entries(input).map(([k, v]) => [k, resolveInput(v, scope)]));
  return input;
}

function lookup(id: string, path: string, scope: TemplateScope): unknown {
  if (id === USER_QUERY) return scope.userQuery;
  const keys = path.split('.').filter(Boolean);
  if (keys[0] === 'output') keys.shift();
  let value = parseIfJson(scope.outputs.get(id));
  for (const key of keys) {
    value = parseIfJson(value);
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/** Tools often return JSON text; reading `.field` of it should still work. */
function parseIfJson(value: unknown): unknown {
  if (typeof value !== 'string' || !/^\s*[[{]/.test(value)) return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

function asText(value: unknown): string {
  if (value === undefined || value === null) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function visitStrings(value: unknown, visit: (text: string) => void): void {
  if (typeof value === 'string') visit(value);
  else if (Array.isArray(value)) for (const item of value) visitStrings(item, visit);
  else if (typeof value === 'object' && value !== null)
    for (const item of Object.values(value)) visitStrings(item, visit);
}
