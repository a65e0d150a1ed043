import { exportRows } from './admin-queries.js';

/** Every stored message as JSON Lines or CSV (RFC 4180 quoting), as a download. */
export async function exportFile(db: D1Database, format: 'jsonl' | 'csv'): Promise<Response> {
  const rows = await exportRows(db);
  const body =
    format === 'jsonl'
      ? rows.map((row) => JSON.stringify(row)).join('\n') + (rows.length > 0 ? '\n' : '')
      : `${[
          'conversationId,createdAt,role,content',
          ...rows.map((row) =>
            [row.conversationId, String(row.createdAt), row.role, row.content].map(csvField).join(','),
          ),
        ].join('\r\n')}\r\n`;
  return new Response(body, {
    headers: {
      'Content-Type': format === 'jsonl' ? 'application/x-ndjson; charset=utf-8' : 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="transcripts.${format}"`,
    },
  });
}

function csvField(value: string): string {
  // A leading = + - @ would run as a formula in a spreadsheet: prefix a quote mark.
  const safe = /^[=+\-@]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
