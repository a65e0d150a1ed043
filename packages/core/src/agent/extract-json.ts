/**
 * Finds the JSON value in a model's output: inside a ```json code fence, or the first balanced
 * `{…}` / `[…]` with prose around it. Returns the parsed value or the reason it could not.
 */
export function extractJson(text: string): { ok: true; value: unknown } | { ok: false; error: string } {
  const fenced = text.match(/```(?:json|JSON)?\s*\n?([\s\S]*?)```/);
  const candidates = [fenced?.[1], balanced(text), text.trim()].filter(
    (c): c is string => typeof c === 'string' && c.trim() !== '',
  );
  if (candidates.length === 0) return { ok: false, error: 'The output is empty; no JSON object was found.' };
  let firstError = '';
  for (const candidate of candidates) {
    try {
      return { ok: true, value: JSON.parse(candidate) };
    } catch (error) {
      firstError ||= error instanceof Error ? error.message : String(error);
    }
  }
  return { ok: false, error: `Invalid JSON: ${firstError}` };
}

/** The first balanced object or array, skipping brackets inside strings. */
function balanced(text: string): string | undefined {
  const start = text.search(/[{[]/);
  if (start < 0) return undefined;
  const stack: string[] = [];
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const ch = text[i]!;
    if (inString) {
      if (ch === '\\') i++;
      else if (ch === '"') inString = false;
      continue;
    }
    if (ch === '"') inString = true;
    else if (ch === '{' || ch === '[') stack.push(ch === '{' ? '}' : ']');
    else if (ch === '}' || ch === ']') {
      if (stack.pop() !== ch) return text.slice(start, i + 1);
      if (stack.length === 0) return text.slice(start, i + 1);
    }
  }
  return text.slice(start);
}
