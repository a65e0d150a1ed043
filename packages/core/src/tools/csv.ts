/**
 * Splits CSV text into rows of fields, by RFC 4180: `delimiter`-separated fields; a field that starts with
 * `"` is quoted and may hold delimiters, line breaks and `""` (one quote); CRLF, LF or CR end a row, and a
 * trailing line break adds no empty row. A quote inside an unquoted field is kept as text (lenient, as
 * spreadsheets write it). Blank rows are kept: what a blank row means is the caller's choice.
 */
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
  return rows;
}
