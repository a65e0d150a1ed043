import type { ContentItem } from '../model/content.js';
import { widgetText } from '../model/widget-text.js';
import { TOOL_OUTPUT_MARK, type ToolOutput } from './tool-output-mark.js';

export { isToolOutput, type ToolOutput } from './tool-output-mark.js';

/**
 * Wraps multi-modal content as a tool result: every item is emitted as a `tool.content` event for the
 * UI, and the model receives the text part (see {@link toolOutputText}).
 *
 * @example
 * return toolOutput([{ kind: 'markdown', markdown: '**3 orders**' }, { kind: 'table', columns, rows }]);
 */
export function toolOutput(content: ContentItem[]): ToolOutput {
  return { type: TOOL_OUTPUT_MARK, content };
}

/**
 * What the model reads of multi-modal content: text and Markdown as they are, JSON compact, a table as
 * pipe-separated lines, a chart as its numbers, binary items (images, audio) only by their description.
 */
export function toolOutputText(content: readonly ContentItem[]): string {
  return content
    .map((item) => {
      switch (item.kind) {
        case 'text':
          return item.text;
        case 'markdown':
          return item.markdown;
        case 'json':
          return JSON.stringify(item.value);
        case 'table':
          return [
            ...(item.caption ? [item.caption] : []),
            item.columns.join(' | '),
            ...item.rows.map((row) => row.map((cell) => String(cell ?? '')).join(' | ')),
          ].join('\n');
        case 'chart':
          return `Chart${item.chart.title ? ` "${item.chart.title}"` : ''} (${item.chart.type}), labels ${item.chart.labels.join(', ')}; ${item.chart.series
            .map((s) => `${s.name}: ${s.values.join(', ')}`)
            .join('; ')}`;
        case 'image':
          return `[image ${item.mimeType}${item.alt ? `: ${item.alt}` : ''} shown to the user]`;
        case 'audio':
          return `[audio ${item.mimeType} given to the user]`;
        case 'resource':
          return item.text ?? `[resource ${item.name ?? item.uri}]`;
        case 'html':
          return `[interactive view${item.title ? ` "${item.title}"` : ''} shown to the user]`;
        case 'widget':
          // What the user sees of it (the UI checks it before drawing; a refused one shows a notice).
          return `[widget shown to the user:]\n${widgetText(item.widget)}`;
        default:
          // An MCP App's view is for the user; a new content kind must be described above or listed here.
          item satisfies { kind: 'mcp-app' };
          return '';
      }
    })
    .filter((text) => text !== '')
    .join('\n\n');
}
