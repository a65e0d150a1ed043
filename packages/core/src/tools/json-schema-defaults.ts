/** Fills in the `default` of each missing top-level property (SEP-1034), on a copy. */
export function withDefaults(
  schema: Record<string, unknown>,
  value: Record<string, unknown>,
): Record<string, unknown> {
  const filled = { ...value };
  const properties = (schema.properties ?? {}) as Record<string, { default?: unknown }>;
  for (const [key, property] of Object.entries(properties))
    if (filled[key] === undefined && property && 'default' in property)
      filled[key] = structuredClone(property.default);
  return filled;
}
