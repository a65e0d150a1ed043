/**
 * What a provider's stream event must hold where a reader reads it: `'string'` or `'number'` (a `typeof`),
 * an object whose listed fields have their shapes, or `[shape]`, an array of that shape. Only the fields a
 * reader reads are listed; any other field passes unseen, and an absent or `null` field passes (the readers
 * treat both as "not sent"). Hand-written rather than a schema library: it runs on every event of every
 * answer, and its bytes are on every visitor's first chat.
 */
export type WireShape = 'string' | 'number' | [WireShape] | { [field: string]: WireShape };

/** The shapes that fit a TypeScript type: `satisfies WireShapeOf<Event>` keeps a shape and its type in step. */
export type WireShapeOf<T> = T extends string
  ? 'string'
  : T extends number
    ? 'number'
    : T extends readonly (infer Item)[]
      ? [WireShapeOf<NonNullable<Item>>]
      : T extends object
        ? { [K in keyof T]?: WireShapeOf<NonNullable<T[K]>> }
        : never;

/** The first field of `value` that is not what `shape` says, in words (`choices of type object, expected array`). */
export function wireMismatch(value: unknown, shape: WireShape, path = ''): string | undefined {
  // Every event of every answer is checked: what fits passes without a path written; a misfit is described.
  if ((value == null && path) || fits(value, shape)) return undefined;
  const list = Array.isArray(shape);
  const want = typeof shape === 'string' ? shape : list ? 'array' : 'object';
  const got = value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
  if (got !== want) return `${path || 'its body'} of type ${got}, expected ${want}`;
  // One loop for both: an array's items against its one item shape, an object's listed fields against theirs.
  if (typeof shape === 'object')
    for (const key in list ? (value as object) : shape) {
      const field = (value as Record<string, unknown>)[key];
      const fieldShape = list ? shape[0] : (shape as Record<string, WireShape>)[key]!;
      // A string or number field that fits (most of them) is passed without writing its path.
      if (typeof fieldShape === 'string' && (field == null || typeof field === fieldShape)) continue;
      const bad = wireMismatch(field, fieldShape, list ? `${path}[${key}]` : path ? `${path}.${key}` : key);
      if (bad) return bad;
    }
  return undefined;
}

/** Whether `value` fits `shape` (absent or `null` fields pass), writing no path. */
function fits(value: unknown, shape: WireShape): boolean {
  if (typeof shape === 'string') return typeof value === shape;
  if (!value || typeof value !== 'object' || Array.isArray(shape) !== Array.isArray(value)) return false;
  // An array's items by index (a `for…in` over an array is far slower), an object's listed fields by name.
  if (Array.isArray(shape)) {
    for (const item of value as unknown[]) if (item != null && !fits(item, shape[0])) return false;
    return true;
  }
  for (const key in shape) {
    const field = (value as Record<string, unknown>)[key];
    if (field != null && !fits(field, shape[key]!)) return false;
  }
  return true;
}
