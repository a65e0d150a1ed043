/** Parses CSV (RFC 4180: quoted fields, doubled quotes, CRLF) into rows of fields. */
export function parseCsv(text: string, delimiter = ','): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === delimiter) {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows.filter((r) => r.some((cell) => cell.trim() !== ''));
}

/**
 * CSV → one line per record, `column: value; column: value`, so every chunk carries its column names
 * and keyword search finds a value together with its header. Tab-separated files work too.
 */
export function csvToText(text: string): string {
  const firstLine = text.slice(0, text.indexOf('\n') >>> 0);
  const delimiter = (firstLine.match(/\t/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? '\t' : ',';
  const [header, ...records] = parseCsv(text, delimiter);
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
