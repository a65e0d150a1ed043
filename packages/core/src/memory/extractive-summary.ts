/**
 * The summary used when no summarizer model is configured (or it failed): the head of the text, its
 * structure (for JSON) and its key lines (errors, warnings, headings), marked as extractive so neither
 * the model nor a reader mistakes it for a model-written summary.
 */
export function extractiveSummary(text: string, maxChars = 360): string {
  const body = describeJson(text) ?? describeLines(text);
  const clipped = body.length > maxChars ? `${body.slice(0, maxChars - 1)}…` : body;
  return `(extractive summary of ${text.length} chars) ${clipped}`;
}

const KEY_LINE = /\b(error|fail(ed|ure)?|warn(ing)?|exception|fatal|denied|timeout|total|result|summary)\b/i;

function describeLines(text: string): string {
  const lines = text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  if (lines.length <= 3) return firstSentences(text.replace(/\s+/g, ' ').trim(), 240);
  const head = firstSentences(lines[0] ?? '', 160);
  const headings = lines.filter((line) => /^#{1,4}\s/.test(line)).slice(0, 4);
  const key = lines.filter((line) => KEY_LINE.test(line));
  const levels = countLevels(lines);
  const parts = [head];
  if (levels) parts.push(levels);
  if (headings.length) parts.push(`sections: ${headings.map((h) => h.replace(/^#+\s*/, '')).join('; ')}`);
  for (const line of dedupe(key).slice(0, 3)) parts.push(clip(line, 120));
  parts.push(`last: ${clip(lines.at(-1) ?? '', 100)}`);
  return `${lines.length} lines. ${parts.join(' | ')}`;
}

function countLevels(lines: string[]): string | undefined {
  const counts = new Map<string, number>();
  for (const line of lines) {
    const level = /\b(ERROR|WARN(?:ING)?|INFO|DEBUG|FATAL)\b/.exec(line)?.[1];
    if (level) counts.set(level, (counts.get(level) ?? 0) + 1);
  }
  return counts.size ? [...counts].map(([level, n]) => `${n} ${level}`).join(', ') : undefined;
}

function describeJson(text: string): string | undefined {
  const trimmed = text.trim();
  if (!/^[[{]/.test(trimmed)) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(trimmed);
  } catch {
    return undefined;
  }
  return `JSON ${shape(value, 0)}`;
}

function shape(value: unknown, depth: number): string {
  if (Array.isArray(value)) {
    const first = value[0];
    if (first && typeof first === 'object' && !Array.isArray(first))
      return `array of ${value.length} objects {${Object.keys(first).slice(0, 8).join(', ')}}; first: ${clip(JSON.stringify(first), 140)}`;
    return `array of ${value.length}: ${clip(JSON.stringify(value), 100)}`;
  }
  if (value && typeof value === 'object') {
    if (depth > 0) return `{${Object.keys(value).slice(0, 6).join(', ')}}`;
    const fields = Object.entries(value)
      .slice(0, 8)
      .map(([key, child]) =>
        child !== null && typeof child === 'object'
          ? `${key}: ${shape(child, depth + 1)}`
          : `${key}: ${clip(String(child), 60)}`,
      );
    return `object {${fields.join('; ')}}`;
  }
  return clip(String(value), 120);
}

function firstSentences(text: string, max: number): string {
  const match = /^(.{20,}?[.!?])(\s|$)/.exec(text);
  const sentence = match?.[1] && match[1].length <= max ? match[1] : text;
  return clip(sentence, max);
}

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

function dedupe(lines: string[]): string[] {
  const seen = new Set<string>();
  return lines.filter((line) => {
    const key = line.replace(/\d+/g, '#');
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
