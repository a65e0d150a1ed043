// What a tool's result is made of, checked before any format is negotiated: a result without a table is sent
// as JSON, so the negotiation (and the TOON encoder) load only with the first result that holds one.

/**
 * True when the value is, or directly holds, an array of two or more objects with the same keys and
 * only primitive values: the shape TOON writes as one header plus CSV-like rows.
 */
export function hasUniformTable(value: unknown, depth = 0): boolean {
  if (Array.isArray(value)) return isUniformRows(value);
  if (depth < 2 && isPlainObject(value))
    return Object.values(value).some((child) => hasUniformTable(child, depth + 1));
  return false;
}

function isUniformRows(rows: unknown[]): boolean {
  if (rows.length < 2 || !rows.every(isPlainObject)) return false;
  const keys = Object.keys(rows[0] as object).join('\u0000');
  return rows.every(
    (row) =>
      Object.keys(row).join('\u0000') === keys &&
      Object.values(row).every((cell) => cell === null || typeof cell !== 'object'),
  );
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Minified JSON of a tool's result; `String(value)` for what JSON cannot write (cycles, BigInt). */
export function safeStringify(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
