import type { ContentItem } from '../../model/content.js';
import { bytesToBase64 } from '../base64.js';
import { parseCsv } from '../csv.js';
import type { SandboxRunResult } from './python-sandbox.js';

/** Caps on what one call returns. */
export interface ResultLimits {
  /** Characters of stdout + stderr (and of the last value, and of one text file). */
  outputChars: number;
  /** Rows of one CSV table. */
  tableRows: number;
  /** Files reported per call. */
  files: number;
}

const IMAGE_TYPES: Record<string, string> = {
  png: 'image/png',
  svg: 'image/svg+xml',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
};
const TEXT_FILES = new Set(['txt', 'md', 'json', 'log', 'html', 'xml', 'py', 'tsv']);

/**
 * Reads the worker's answer defensively (model code shares the worker and may post anything) and caps it
 * again, whatever the worker claims to have capped.
 */
export function readRunResult(raw: unknown, limits: ResultLimits): SandboxRunResult {
  const value = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  const text = (field: unknown) => (typeof field === 'string' ? field : '');
  let stdout = text(value.stdout);
  let stderr = text(value.stderr);
  let dropped = typeof value.dropped === 'number' && value.dropped > 0 ? value.dropped : 0;
  const over = stdout.length + stderr.length - limits.outputChars;
  if (over > 0) {
    dropped += over;
    stdout = stdout.slice(0, limits.outputChars);
    stderr = stderr.slice(0, Math.max(0, limits.outputChars - stdout.length));
  }
  const files = (Array.isArray(value.files) ? value.files : []).flatMap((file: unknown) => {
    const { path, size, data } = (file ?? {}) as Record<string, unknown>;
    if (typeof path !== 'string') return [];
    return [
      {
        path,
        size: typeof size === 'number' ? size : 0,
        data: data instanceof Uint8Array ? data : null,
      },
    ];
  });
  return {
    stdout,
    stderr,
    dropped,
    value: typeof value.value === 'string' ? cap(value.value, limits.outputChars) : null,
    error: typeof value.error === 'string' ? cap(value.error, limits.outputChars) : null,
    files,
  };
}

/**
 * Turns one call's outcome into `tool.content` items: a notice first (e.g. the session was restarted),
 * stdout, stderr, the traceback, the last value, then each written file — a table for CSV, an image for
 * PNG / SVG (and JPEG, GIF, WebP), text for text files, a line naming anything else.
 */
export function resultContent(
  result: SandboxRunResult,
  limits: ResultLimits,
  notice?: string,
): ContentItem[] {
  const items: ContentItem[] = [];
  if (notice) items.push({ kind: 'text', text: notice });
  if (result.stdout) items.push({ kind: 'text', text: result.stdout });
  if (result.stderr) items.push({ kind: 'text', text: `stderr:\n${result.stderr}` });
  if (result.dropped > 0)
    items.push({
      kind: 'text',
      text: `[output truncated: ${result.dropped} more characters were not kept (cap ${limits.outputChars}); print less, or write the data to a file]`,
    });
  if (result.error) items.push({ kind: 'text', text: result.error });
  if (result.value !== null) items.push({ kind: 'text', text: `Out: ${result.value}` });
  const files = result.files.slice(0, limits.files);
  for (const file of files) items.push(fileContent(file, limits));
  if (result.files.length > files.length)
    items.push({
      kind: 'text',
      text: `[${result.files.length - files.length} more files written, not shown: ${result.files
        .slice(files.length)
        .map((file) => file.path)
        .join(', ')}]`,
    });
  if (!items.length) items.push({ kind: 'text', text: '(no output)' });
  return items;
}

function fileContent(file: SandboxRunResult['files'][number], limits: ResultLimits): ContentItem {
  const name = file.path.replace(/^\/scratch\//, '');
  const extension = name.slice(name.lastIndexOf('.') + 1).toLowerCase();
  if (!file.data) return { kind: 'text', text: `[wrote ${name}, ${file.size} bytes: too large to show]` };
  const image = IMAGE_TYPES[extension];
  if (image) return { kind: 'image', data: bytesToBase64(file.data), mimeType: image, alt: name };
  const text = new TextDecoder().decode(file.data);
  if (extension === 'csv') {
    const [columns = [], ...rows] = parseCsv(text);
    const shown = rows.slice(0, limits.tableRows);
    const more = rows.length - shown.length;
    return {
      kind: 'table',
      columns,
      rows: shown,
      caption: more > 0 ? `${name} (first ${shown.length} of ${rows.length} rows)` : name,
    };
  }
  if (TEXT_FILES.has(extension)) return { kind: 'text', text: `${name}:\n${cap(text, limits.outputChars)}` };
  return { kind: 'text', text: `[wrote ${name}, ${file.size} bytes]` };
}

function cap(text: string, limit: number): string {
  return text.length <= limit
    ? text
    : `${text.slice(0, limit)}\n[truncated: ${text.length - limit} more characters]`;
}
