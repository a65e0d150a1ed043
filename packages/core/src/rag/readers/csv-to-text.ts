import { parseCsv } from '../../tools/csv.js';

/**
 * CSV → one line per record, `column: value; column: value`, so every chunk carries its column names
 * and keyword search finds a value together with its header. Tab-separated files work too.
 */
export function csvToText(text: string): string {
  const firstLine = text.slice(0, text.indexOf('\n') >>> 0);
  const delimiter = (firstLine.match(/\t/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? '\t' : ',';
  const [header, ...records] = parseCsv(text, delimiter).filter((r) => r.some((cell) => cell.trim() !== ''));
  if (!header) return '';
  const names = header.map((name, i) => name.trim() || `column ${i + 1}`);
  return records
    .map((record) =>
      record
        .map((value, i) => (value.trim() ? `${names[i] ?? `column ${i + 1}`}: ${value.trim()}` : ''))
        .filter(Boolean)
        .join('; '),
    )
    .join('\n');
}
