// Shared by the JSON Schema checks (minLength, maxLength count code points, as JSON Schema does).

/** Length in code points; a lone surrogate counts as one. */
export function codePoints(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++, count++) {
    const code = text.charCodeAt(i);
    if (code >= 0xd800 && code <= 0xdbff && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) i++;
  }
  return count;
}
