// What the model reads when its call is malformed: a tool that does not exist, arguments that are not JSON.
// Loaded with the first such call; a call that is well formed never needs it.

/**
 * What the model reads when it calls a tool that does not exist: the tools it may have meant (a name
 * containing the other — addition / add, weather / get_weather — or sharing its first 4 letters) and the
 * full list.
 */
export function unknownToolMessage(name: string, names: readonly string[]): string {
  const wanted = name.toLowerCase();
  const close = names.filter((n) => {
    const other = n.toLowerCase();
    return other.includes(wanted) || wanted.includes(other) || other.slice(0, 4) === wanted.slice(0, 4);
  });
  const hint = close.length
    ? ` Did you mean ${close
        .slice(0, 3)
        .map((n) => `"${n}"`)
        .join(' or ')}?`
    : '';
  return `unknown tool "${name}".${hint} Available tools: ${names.join(', ') || 'none'}.`;
}

/** Arguments that are not JSON: the model sees what it sent (the start of it) and what to send instead. */
export function unparsableArgumentsMessage(name: string, text: string): string {
  return `the arguments for ${name} are not valid JSON (${JSON.stringify(text.slice(0, 200))}). Call the tool again with a JSON object.`;
}
